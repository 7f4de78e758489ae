import { useState } from 'react';
import { ACCESS_FLAG_DESCRIPTIONS, ACCESS_FLAG_LABELS, ACCESS_FLAGS } from '../../../core/constants.ts';
import type { TAccess, TAccessFlag } from '../../../core/beneficiaries.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

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
  /** Who gets the access, for the Digital Legacy confirmation ("Emily Carter", or "this beneficiary"). */
  beneficiaryName?: string;
}

/**
 * The five access checkboxes (memories, documents, messages, beneficiaries, digital legacy).
 * Turning Digital Legacy on first says plainly what it hands over and asks to confirm; Cancel leaves it off.
 */
export function AccessCheckboxes({ idPrefix, access, onChange, disabled, describe = false, legend, hideLegend = false, beneficiaryName }: AccessCheckboxesProps) {
  const [confirming, setConfirming] = useState(false);
  const change = (flag: TAccessFlag, on: boolean) => (flag === 'digitalLegacy' && on ? setConfirming(true) : onChange(flag, on));
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
                  onChange={(e) => change(flag, e.target.checked)}
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
      <DigitalLegacyConfirmDialog
        open={confirming}
        name={beneficiaryName?.trim() || 'this beneficiary'}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onChange('digitalLegacy', true);
        }}
      />
    </fieldset>
  );
}

function DigitalLegacyConfirmDialog({ open, name, onCancel, onConfirm }: { open: boolean; name: string; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Turn on Digital Legacy?"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm}>Turn on Digital Legacy</Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-stone-700">
        <p>
          Digital Legacy hands over your <strong className="font-semibold text-stone-900">digital assets and their secrets</strong> to {name}: every
          account you list, with its username, password, recovery codes and access instructions.
        </p>
        <p>They see none of it while you are alive: it is released only after your estate is activated, following your release schedule.</p>
        <p>Turn it on only for someone you would trust with the keys to all your accounts. You can turn it off again at any time.</p>
      </div>
    </Dialog>
  );
}
