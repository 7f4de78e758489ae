import { ACCESS_FLAG_DESCRIPTIONS, ACCESS_FLAG_LABELS, ACCESS_FLAGS } from '../../../core/constants.ts';
import type { TAccess, TAccessFlag } from '../../../core/beneficiaries.schemas.ts';

export interface AccessCheckboxesProps {
  /** unique per use, for ids */
  idPrefix: string;
  access: TAccess;
  onChange: (flag: TAccessFlag, on: boolean) => void;
  disabled?: boolean;
  /** show the one-line description under each flag */
  describe?: boolean;
  legend: string;
  hideLegend?: boolean;
}

/** The five access checkboxes (memories, documents, messages, beneficiaries, digital legacy). */
export function AccessCheckboxes({ idPrefix, access, onChange, disabled, describe = false, legend, hideLegend = false }: AccessCheckboxesProps) {
  return (
    <fieldset>
      <legend className={hideLegend ? 'sr-only' : 'text-sm font-semibold text-stone-900'}>{legend}</legend>
      <div className={`${hideLegend ? '' : 'mt-3'} space-y-3`}>
        {ACCESS_FLAGS.map((flag) => {
          const id = `${idPrefix}-${flag}`;
          return (
            <div key={flag} className="flex gap-3">
              <div className="flex h-6 shrink-0 items-center">
                <input
                  id={id}
                  name={flag}
                  type="checkbox"
                  checked={access[flag]}
                  disabled={disabled}
                  onChange={(e) => onChange(flag, e.target.checked)}
                  aria-describedby={describe ? `${id}-description` : undefined}
                  className="size-4 rounded border-stone-300 accent-accent-solid focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-solid"
                />
              </div>
              <div className="text-sm">
                <label htmlFor={id} className="font-medium text-stone-900">
                  {ACCESS_FLAG_LABELS[flag]}
                </label>
                {describe && (
                  <p id={`${id}-description`} className="text-stone-600">
                    {ACCESS_FLAG_DESCRIPTIONS[flag]}
                  </p>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
