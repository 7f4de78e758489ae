import type { TLovedOneDetail } from '../../../core/planner.schemas.ts';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';

const AREAS = [
  ['documents', 'Documents'],
  ['beneficiaries', 'Beneficiaries'],
  ['accounts', 'Accounts'],
  ['security', 'Security'],
] as const;

/** Overall completion and the four areas, as the owner's own dashboard shows them. */
export function ProgressByArea({ progress }: { progress: TLovedOneDetail['progress'] }) {
  return (
    <div className="space-y-5">
      <ProgressBar value={progress.overall} label="Overall" />
      <div className="grid gap-5 sm:grid-cols-2">
        {AREAS.map(([key, label]) => (
          <ProgressBar key={key} value={progress[key]} label={label} />
        ))}
      </div>
    </div>
  );
}
