import { Link } from 'react-router';
import type { TDashboard } from '../../../core/dashboard.schemas.ts';
import { Card } from '../../components/ui/card.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';

const AREAS = [
  { key: 'documents', label: 'Documents', href: '/estate-owner/documents' },
  { key: 'beneficiaries', label: 'Beneficiaries', href: '/estate-owner/beneficiaries' },
  { key: 'accounts', label: 'Accounts', href: '/estate-owner/digital-assets' },
  { key: 'security', label: 'Security', href: '/estate-owner/security' },
] as const;

/** Overall legacy completion with the Documents, Beneficiaries, Accounts and Security sub-bars (all four count in the overall figure), and what is left. */
export function CompletionCard({ completion, missing }: Pick<TDashboard, 'completion' | 'missing'>) {
  const next = [...missing.documents, ...missing.beneficiaries, ...missing.accounts, ...missing.security].slice(0, 4);
  return (
    <Card title="Legacy Completion" description="How complete your legacy plan is, from what you have added so far.">
      <div className="space-y-6">
        <div className="flex items-center gap-5">
          <p className="text-4xl font-semibold tracking-tight text-stone-900 tabular-nums" aria-hidden="true">
            {completion.overall}%
          </p>
          <div className="flex-1">
            <ProgressBar value={completion.overall} label="Overall completion" />
          </div>
        </div>
        <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
          {AREAS.map((a) => (
            <div key={a.key}>
              <ProgressBar value={completion[a.key]} label={a.label} />
              <Link to={a.href} className="mt-1.5 inline-block text-sm font-medium text-accent-text hover:underline">
                Improve <span className="sr-only">{a.label}</span>
              </Link>
            </div>
          ))}
        </div>
        {next.length > 0 && (
          <div className="rounded-lg bg-stone-50 p-4">
            <h3 className="text-sm font-semibold text-stone-900">Next steps</h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-stone-700">
              {next.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Card>
  );
}
