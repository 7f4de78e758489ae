import { EnvelopeIcon, PhoneIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import type { TAccess, TAccessFlag, TBeneficiary } from '../../../core/beneficiaries.schemas.ts';
import { ACCESS_FLAG_LABELS } from '../../../core/constants.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api.ts';
import { AccessCheckboxes } from './access-checkboxes.tsx';
import { beneficiariesApi } from './api.ts';
import { MemberStatusBadge } from './status-badge.tsx';
import { useEstateFrozen, WhileEditable } from '../../components/ui/estate-frozen.tsx';

export interface BeneficiaryCardProps {
  beneficiary: TBeneficiary;
  onEdit: (b: TBeneficiary) => void;
  onRemove: (b: TBeneficiary) => void;
  onResend: (b: TBeneficiary) => void;
  resending: boolean;
}

/** A beneficiary: relationship, contact details, the five access checkboxes (saved on change), Edit, Remove. */
export function BeneficiaryCard({ beneficiary: b, onEdit, onRemove, onResend, resending }: BeneficiaryCardProps) {
  const [access, setAccess] = useState<TAccess>(b.access);
  const [saving, setSaving] = useState(false);
  const frozen = useEstateFrozen();
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  async function change(flag: TAccessFlag, on: boolean) {
    const before = access;
    setAccess({ ...access, [flag]: on });
    setSaving(true);
    setStatus(null);
    try {
      const saved = await beneficiariesApi.setAccess(b.id, { [flag]: on });
      setAccess(saved.access);
      setStatus({ tone: 'ok', text: `Saved: ${ACCESS_FLAG_LABELS[flag]} ${on ? 'on' : 'off'}` });
    } catch (e) {
      setAccess(before);
      setStatus({ tone: 'error', text: e instanceof ApiError ? e.message : 'Not saved. Try again.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <li className="flex flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-stone-200" aria-labelledby={`b-${b.id}`}>
      <div className="flex items-start gap-4">
        <Avatar initials={b.initials} size="lg" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 id={`b-${b.id}`} className="text-base font-semibold text-stone-900">
              {b.name}
            </h3>
            <MemberStatusBadge status={b.status} />
          </div>
          <p className="text-sm text-stone-600">{b.relationship}</p>
        </div>
      </div>
      <dl className="mt-4 space-y-1.5 text-sm">
        <div className="flex items-center gap-2">
          <dt>
            <EnvelopeIcon aria-hidden="true" className="size-4 text-stone-400" />
            <span className="sr-only">Email</span>
          </dt>
          <dd className="min-w-0 truncate">
            <a href={`mailto:${b.email}`} className="text-stone-700 hover:text-accent-text hover:underline">
              {b.email}
            </a>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <PhoneIcon aria-hidden="true" className="size-4 text-stone-400" />
            <span className="sr-only">Phone</span>
          </dt>
          <dd>
            {b.phone ? (
              <a href={`tel:${b.phone.replace(/[^+\d]/g, '')}`} className="text-stone-700 hover:text-accent-text hover:underline">
                {b.phone}
              </a>
            ) : (
              <span className="text-stone-500">No phone number</span>
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-4 border-t border-stone-100 pt-4">
        <AccessCheckboxes idPrefix={`access-${b.id}`} access={access} disabled={saving || frozen} legend={`Access for ${b.name}`} beneficiaryName={b.name} onChange={(f, on) => void change(f, on)} />
        <p aria-live="polite" className={`mt-2 min-h-5 text-sm ${status?.tone === 'error' ? 'text-red-700' : 'text-green-800'}`}>
          {status?.text}
        </p>
      </div>
      <WhileEditable>
        <div className="mt-auto flex flex-wrap gap-2 pt-3">
          <Button variant="secondary" size="sm" onClick={() => onEdit(b)} aria-label={`Edit ${b.name}`}>
            Edit
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onRemove(b)} aria-label={`Remove ${b.name}`} className="text-red-700">
            Remove
          </Button>
          {b.status === 'invited' && (
            <Button variant="ghost" size="sm" loading={resending} onClick={() => onResend(b)} aria-label={`Resend invitation to ${b.name}`}>
              Resend invitation
            </Button>
          )}
        </div>
      </WhileEditable>
    </li>
  );
}
