import { ChatBubbleLeftEllipsisIcon, EnvelopeIcon, PhoneIcon } from '@heroicons/react/20/solid';
import type { TSupportMember } from '../../../core/support-team.schemas.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { MemberStatusBadge } from './status-badge.tsx';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';

export function SupportMemberCard({
  member: m,
  onRemove,
  onResend,
  resending,
}: {
  member: TSupportMember;
  onRemove: (m: TSupportMember) => void;
  onResend: (m: TSupportMember) => void;
  resending: boolean;
}) {
  return (
    <li className="flex flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-stone-200">
      <div className="flex items-start gap-4">
        <Avatar initials={m.initials} size="lg" />
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold text-stone-900">{m.name}</h3>
          <p className="text-sm text-stone-600">{m.roleLabel}</p>
          <div className="mt-1">
            <MemberStatusBadge status={m.status} />
          </div>
        </div>
      </div>
      <ul className="mt-4 space-y-1.5 text-sm">
        <li className="flex items-center gap-2">
          <EnvelopeIcon aria-hidden="true" className="size-4 text-stone-400" />
          <a href={`mailto:${m.email}`} className="min-w-0 truncate text-stone-700 hover:text-accent-text hover:underline">
            {m.email}
          </a>
        </li>
        {m.phone && (
          <li className="flex items-center gap-2">
            <PhoneIcon aria-hidden="true" className="size-4 text-stone-400" />
            <a href={`tel:${m.phone.replace(/[^+\d]/g, '')}`} className="text-stone-700 hover:text-accent-text hover:underline">
              {m.phone}
            </a>
          </li>
        )}
        {m.preferredContact && (
          <li className="flex items-center gap-2 text-stone-700">
            <ChatBubbleLeftEllipsisIcon aria-hidden="true" className="size-4 text-stone-400" />
            Prefers: {m.preferredContact}
          </li>
        )}
      </ul>
      <WhileEditable>
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Button variant="secondary" size="sm" onClick={() => onRemove(m)} aria-label={`Remove ${m.name}`} className="text-red-700">
            Remove
          </Button>
          {m.status === 'invited' && (
            <Button variant="ghost" size="sm" loading={resending} onClick={() => onResend(m)} aria-label={`Resend invitation to ${m.name}`}>
              Resend invitation
            </Button>
          )}
        </div>
      </WhileEditable>
    </li>
  );
}
