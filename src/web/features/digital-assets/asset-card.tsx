import { BuildingLibraryIcon, CloudIcon, GlobeAltIcon, KeyIcon, LockClosedIcon, PencilSquareIcon, TrashIcon, UserCircleIcon } from '@heroicons/react/24/outline';
import { digitalAssetIcon, type DigitalAssetIcon, type TDigitalAsset } from '../../../core/digital-assets.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import type { IconComponent } from '../../components/ui/icons.ts';
import { timeAgo } from '../../lib/dates.ts';
import { PLAYBOOK_ACTIONS } from '../../../core/playbook.schemas.ts';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';

/** Wireframe §2 item 2: institution → bank, else username → account, else size → cloud storage, otherwise a default. */
const ICONS: Record<DigitalAssetIcon, { icon: IconComponent; tint: string; label: string }> = {
  institution: { icon: BuildingLibraryIcon, tint: 'bg-indigo-50 text-indigo-600', label: 'Financial institution' },
  account: { icon: UserCircleIcon, tint: 'bg-sky-50 text-sky-700', label: 'Online account' },
  storage: { icon: CloudIcon, tint: 'bg-emerald-50 text-emerald-700', label: 'Storage' },
  default: { icon: GlobeAltIcon, tint: 'bg-stone-100 text-stone-600', label: 'Digital asset' },
};

const STATUS_TINTS: Record<string, string> = {
  Active: 'bg-green-50 text-green-800 ring-green-200',
  Inactive: 'bg-stone-100 text-stone-700 ring-stone-200',
  Closed: 'bg-red-50 text-red-800 ring-red-200',
};

export interface AssetCardProps {
  asset: TDigitalAsset;
  onReveal: (asset: TDigitalAsset) => void;
  onEdit: (asset: TDigitalAsset) => void;
  onDelete: (asset: TDigitalAsset) => void;
}

/** A digital asset: name, institution, username, platform, status, size and last updated. */
export function AssetCard({ asset, onReveal, onEdit, onDelete }: AssetCardProps) {
  const kind = ICONS[digitalAssetIcon(asset)];
  const Icon = kind.icon;
  const rows: [string, string | null][] = [
    ['Institution', asset.institution],
    ['Username', asset.username],
    ['Platform', asset.platform],
    ['Size', asset.size],
    ['After I die', asset.afterDeathAction ? PLAYBOOK_ACTIONS[asset.afterDeathAction] : null],
  ];
  return (
    <li className="flex flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-stone-200">
      <div className="flex items-start gap-3">
        <span className={`flex size-11 shrink-0 items-center justify-center rounded-lg ${kind.tint}`} title={kind.label}>
          <Icon aria-hidden="true" className="size-6" />
          <span className="sr-only">{kind.label}</span>
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-stone-900">{asset.name}</h2>
          <span className={`mt-1 inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_TINTS[asset.status] ?? STATUS_TINTS.Inactive}`}>{asset.status}</span>
          {asset.sealed && (
            <span className="mt-1 ml-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              <LockClosedIcon aria-hidden="true" className="size-3.5" />
              Secrets sealed
            </span>
          )}
        </div>
      </div>
      <dl className="mt-4 mb-5 space-y-1.5 text-sm">
        {rows
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <div key={label} className="flex gap-2">
              <dt className="w-24 shrink-0 text-stone-500">{label}</dt>
              <dd className="min-w-0 truncate text-stone-900">{value}</dd>
            </div>
          ))}
        {asset.url && (
          <div className="flex gap-2">
            <dt className="w-24 shrink-0 text-stone-500">Website</dt>
            <dd className="min-w-0 truncate">
              <a href={asset.url} target="_blank" rel="noreferrer noopener" className="text-accent-text hover:underline">
                {asset.url.replace(/^https?:\/\//, '')}
              </a>
            </dd>
          </div>
        )}
        <div className="flex gap-2">
          <dt className="w-24 shrink-0 text-stone-500">Last updated</dt>
          <dd className="text-stone-900">
            <time dateTime={asset.lastUpdated}>{timeAgo(asset.lastUpdated)}</time>
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex items-center gap-2 border-t border-stone-100 pt-4">
        {asset.hasSecrets && (
          <Button variant="secondary" size="sm" onClick={() => onReveal(asset)} aria-label={asset.sealed ? `Open secrets with my Owner Kit: ${asset.name}` : `Reveal secrets for ${asset.name}`}>
            <KeyIcon aria-hidden="true" className="size-4" />
            {asset.sealed ? 'Open secrets with my Owner Kit' : 'Reveal secrets'}
          </Button>
        )}
        <WhileEditable>
          <Button variant="secondary" size="sm" onClick={() => onEdit(asset)} aria-label={`Edit ${asset.name}`}>
            <PencilSquareIcon aria-hidden="true" className="size-4" />
            Edit
          </Button>
          <Button variant="ghost" size="sm" className="ml-auto" onClick={() => onDelete(asset)} aria-label={`Delete ${asset.name}`} title="Delete">
            <TrashIcon aria-hidden="true" className="size-4" />
          </Button>
        </WhileEditable>
      </div>
    </li>
  );
}
