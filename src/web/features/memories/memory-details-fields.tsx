import type { FieldErrors } from '../../lib/form.ts';
import { TextAreaField, TextField } from '../../components/ui/field.tsx';
import { MEMORY_DESCRIPTION_MAX, MEMORY_TITLE_MAX } from '../../../core/memories.schemas.ts';

export interface MemoryDetails {
  title: string;
  date: string;
  description: string;
}

/** Title, Date ("When did this memory take place?") and Description: the memory form's own fields, for Create and Edit. */
export function MemoryDetailsFields({
  value,
  onChange,
  errors,
  disabled = false,
}: {
  value: MemoryDetails;
  onChange: (next: MemoryDetails) => void;
  errors: FieldErrors;
  disabled?: boolean;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField
          label="Title"
          name="title"
          value={value.title}
          onChange={(e) => onChange({ ...value, title: e.target.value })}
          error={errors.title}
          required
          maxLength={MEMORY_TITLE_MAX}
          disabled={disabled}
        />
      </div>
      <TextField
        label="Date"
        name="date"
        type="date"
        hint="When did this memory take place?"
        value={value.date}
        onChange={(e) => onChange({ ...value, date: e.target.value })}
        error={errors.date}
        required
        disabled={disabled}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label="Description"
          name="description"
          rows={3}
          optional
          value={value.description}
          onChange={(e) => onChange({ ...value, description: e.target.value })}
          error={errors.description}
          maxLength={MEMORY_DESCRIPTION_MAX}
          disabled={disabled}
        />
      </div>
    </div>
  );
}
