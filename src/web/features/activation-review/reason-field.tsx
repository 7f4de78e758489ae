import { TextAreaField } from '../../components/ui/field.tsx';
import type { useReasonAction } from './use-reason-action.ts';

/** The written reason a staff decision needs, wired to its action (its error, and the cursor put there when it is empty). */
export function ReasonField({ action, label, hint, rows }: { action: ReturnType<typeof useReasonAction>; label: string; hint: string; rows: number }) {
  return (
    <div ref={action.field}>
      <TextAreaField
        label={label}
        hint={hint}
        value={action.reason}
        onChange={(event) => action.setReason(event.target.value)}
        error={action.reasonError}
        maxLength={1000}
        rows={rows}
      />
    </div>
  );
}
