import { formatBytes } from '../../../core/files.schemas.ts';
import type { TLegacyExport } from '../../../core/legacy-export.schemas.ts';
import { formatDateTime } from '../../lib/dates.ts';

/** One line (and, while packing, a bar) saying where the newest export stands. */
export function ExportStatus({ current }: { current: TLegacyExport }) {
  switch (current.status) {
    case 'queued':
      return <p>Getting ready to pack your legacy…</p>;
    case 'running': {
      const { packedFiles, totalFiles } = current;
      return (
        <div className="space-y-2">
          <p>
            Packing {packedFiles} of {totalFiles} {totalFiles === 1 ? 'file' : 'files'}
          </p>
          <progress
            className="h-2 w-full overflow-hidden rounded-full accent-(--accent-solid)"
            aria-label="Export progress"
            value={packedFiles}
            max={Math.max(totalFiles, 1)}
          />
        </div>
      );
    }
    case 'ready':
      return (
        <p>
          Your archive is ready ({formatBytes(current.size ?? 0)}
          {current.includeSecrets ? ', with passwords and other secrets' : ', without secrets'}). Download it once before{' '}
          {current.expiresAt ? formatDateTime(current.expiresAt) : 'it expires'}; we also emailed you a link.
        </p>
      );
    case 'downloaded':
      return <p className="text-stone-600">Your last archive was downloaded and then deleted from our servers.</p>;
    case 'expired':
      return <p className="text-stone-600">Your last archive expired and was deleted. Start a new export when you need one.</p>;
    case 'failed':
      return <p className="text-red-700">Your last export could not be finished and nothing of it was kept. Please start again.</p>;
  }
}
