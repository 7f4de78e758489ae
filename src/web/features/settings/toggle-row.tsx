import { Description, Field, Label, Switch } from '@headlessui/react';

/** One setting as a labelled switch with a description; the switch is the control screen readers announce. */
export function ToggleRow({
  label,
  description,
  checked,
  onChange,
  busy = false,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  busy?: boolean;
}) {
  return (
    <Field className="flex items-center justify-between gap-6 py-4 first:pt-0 last:pb-0">
      <span className="min-w-0">
        <Label className="block text-base font-medium text-stone-900">{label}</Label>
        <Description className="mt-0.5 block text-sm text-stone-600">{description}</Description>
      </span>
      <Switch
        checked={checked}
        onChange={onChange}
        disabled={busy}
        className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-stone-300 p-0.5 transition-colors duration-200 ease-in-out focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-solid disabled:cursor-wait disabled:opacity-70 data-checked:bg-accent-solid"
      >
        <span
          aria-hidden="true"
          className="size-5 translate-x-0 rounded-full bg-white shadow-sm ring-1 ring-stone-900/5 transition duration-200 ease-in-out group-data-checked:translate-x-5"
        />
      </Switch>
    </Field>
  );
}
