import { useId } from 'react';
import { ALERT_SETTING_LABELS, type TEstateAdministratorSettings } from '../../../core/lifecycle.schemas.ts';

type AlertKey = keyof typeof ALERT_SETTING_LABELS;
export const ALERT_KEYS = Object.keys(ALERT_SETTING_LABELS) as AlertKey[];

const DESCRIPTIONS: Record<AlertKey, string> = {
  verification: 'A death or incapacity is reported with proof for you to review.',
  activation: 'An estate in your care is ready to be activated.',
  security: 'Something that may put an estate or its contents at risk.',
  document: 'Changes to the documents of an estate in your care.',
};

/** The four alert checkboxes (which events raise an alert for you). */
export function AlertCheckboxes({
  value,
  onChange,
  disabled = false,
  legend = 'Alert me about',
}: {
  value: TEstateAdministratorSettings['alerts'];
  onChange: (key: AlertKey, on: boolean) => void;
  disabled?: boolean;
  legend?: string;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-900">{legend}</legend>
      <div className="mt-3 space-y-4">
        {ALERT_KEYS.map((key) => (
          <div key={key} className="flex gap-3">
            <div className="flex h-6 items-center">
              <input
                id={`${id}-${key}`}
                type="checkbox"
                checked={value[key]}
                disabled={disabled}
                onChange={(e) => onChange(key, e.target.checked)}
                aria-describedby={`${id}-${key}-description`}
                className="size-4 rounded border-stone-300 accent-[var(--accent-solid)]"
              />
            </div>
            <div className="text-sm">
              <label htmlFor={`${id}-${key}`} className="font-medium text-stone-900">
                {ALERT_SETTING_LABELS[key]}
              </label>
              <p id={`${id}-${key}-description`} className="text-stone-600">
                {DESCRIPTIONS[key]}
              </p>
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
