import { ComputerDesktopIcon, DocumentTextIcon, ShieldCheckIcon, UsersIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import type { TDashboard } from '../../../core/dashboard.schemas.ts';

/** The four category cards with live counts. "Legal Documents" counts the legal documents, with the vault's total beside it. */
export function CategoryCards({ counts }: Pick<TDashboard, 'counts'>) {
  const cards = [
    {
      label: 'Legal Documents',
      value: counts.legalDocuments,
      detail: `of ${counts.documents} document${counts.documents === 1 ? '' : 's'} in your vault`,
      href: '/estate-owner/documents',
      icon: DocumentTextIcon,
    },
    { label: 'Digital Assets', value: counts.digitalAssets, detail: 'accounts recorded', href: '/estate-owner/digital-assets', icon: ComputerDesktopIcon },
    { label: 'Beneficiaries', value: counts.beneficiaries, detail: 'people named', href: '/estate-owner/beneficiaries', icon: UsersIcon },
    {
      label: 'Security',
      value: counts.security,
      detail: `of ${counts.securityTotal} measures on`,
      href: '/estate-owner/security',
      icon: ShieldCheckIcon,
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-label="Your legacy at a glance">
      {cards.map(({ label, value, detail, href, icon: Icon }) => (
        <li key={label}>
          <Link
            to={href}
            className="flex h-full items-center gap-4 rounded-xl bg-white p-5 shadow-xs ring-1 ring-stone-200 transition-shadow hover:shadow-md"
          >
            <span className="hidden size-11 shrink-0 items-center justify-center rounded-lg bg-accent-soft sm:flex">
              <Icon aria-hidden="true" className="size-6 text-accent-icon" />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-medium text-stone-600">{label}</span>
              <span className="block text-2xl font-semibold text-stone-900 tabular-nums">{value}</span>
              <span className="block text-xs text-stone-500">{detail}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
