import type { TDocumentFolder } from '../../../core/documents.schemas.ts';
import { SelectField } from '../../components/ui/field.tsx';

/** Folder (optional): "No folder" (the value '') or one of the owner's folders. */
export function FolderSelect({
  folders,
  value,
  onChange,
  disabled = false,
}: {
  folders: TDocumentFolder[];
  value: string;
  onChange: (folderId: string) => void;
  disabled?: boolean;
}) {
  return (
    <SelectField label="Folder" optional value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled}>
      <option value="">No folder</option>
      {folders.map((f) => (
        <option key={f.id} value={f.id}>
          {f.name}
        </option>
      ))}
    </SelectField>
  );
}
