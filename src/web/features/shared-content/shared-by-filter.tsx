import type { TContentAccess } from '../../../core/shared-content.schemas.ts';
import { SelectField } from '../../components/ui/field.tsx';

export interface SharedByOwner {
  estateId: string;
  name: string;
}

/** The people whose estates the viewer is linked to, for the "Shared by" filter. */
export function sharedByOwners(access: TContentAccess): SharedByOwner[] {
  return access.map((a) => ({ estateId: a.estateId, name: a.owner.name }));
}

/** "Shared by" select for the shared-content filters; only worth showing with more than one owner. */
export function SharedByFilter({ owners, estateId }: { owners: SharedByOwner[]; estateId: string }) {
  if (owners.length < 2) return null;
  return (
    <SelectField label="Shared by" name="estate" defaultValue={estateId}>
      <option value="">Everyone</option>
      {owners.map((o) => (
        <option key={o.estateId} value={o.estateId}>
          {o.name}
        </option>
      ))}
    </SelectField>
  );
}
