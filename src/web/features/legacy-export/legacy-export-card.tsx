import { useEffect, useState, type FormEvent } from 'react';
import { ACTIVE_LEGACY_EXPORT_STATUSES, type TLegacyExport } from '../../../core/legacy-export.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { legacyExportApi } from './api.ts';
import { ExportStatus } from './export-status.tsx';

const POLL_MS = 2000;

/**
 * "Export My Legacy" on the owner's Settings: start an archive of everything (secrets only after
 * the password is re-entered), follow its progress (polled), and download it once.
 */
export function LegacyExportCard({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const [current, setCurrent] = useState<TLegacyExport | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const active = current !== null && ACTIVE_LEGACY_EXPORT_STATUSES.includes(current.status);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (background: boolean) => {
      try {
        const { export: latest } = await legacyExportApi.latest(background);
        if (stopped) return;
        setCurrent(latest);
        setLoaded(true);
        if (latest && ACTIVE_LEGACY_EXPORT_STATUSES.includes(latest.status)) timer = setTimeout(() => void poll(true), POLL_MS);
      } catch {
        if (!stopped) timer = setTimeout(() => void poll(true), POLL_MS * 3);
      }
    };
    // Polls only while an export is queued or running; a new start re-arms it through `active`.
    if (!loaded || active) void poll(loaded);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-run only when an export starts or stops
  }, [active]);

  async function start(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const started = await legacyExportApi.start(includeSecrets ? { includeSecrets, password, ...(code.trim() ? { code } : {}) } : { includeSecrets: false });
      setCurrent(started);
      setPassword('');
      setCode('');
    } catch (e) {
      if (e instanceof ApiError) {
        setError(e.message);
        setFields(e.fields ?? {});
      } else setError('The export could not be started. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  async function download() {
    if (!current) return;
    setBusy(true);
    setError(null);
    try {
      const { url } = await legacyExportApi.link(current.id);
      window.location.assign(url);
      // The archive is deleted once downloaded: show that after the download has begun.
      setTimeout(() => void legacyExportApi.latest(true).then((r) => setCurrent(r.export)), POLL_MS);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The download could not be started. Please try again.');
      void legacyExportApi.latest(true).then((r) => setCurrent(r.export));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      title="Export My Legacy"
      description="One archive of everything you keep here — memories and their media, documents, digital assets, beneficiaries, tasks, appointments, future messages and your activity log — with a page that opens offline."
    >
      <div className="space-y-5">
        {error && <Alert tone="error">{error}</Alert>}
        <div aria-live="polite" className="text-sm text-stone-800">
          {current && <ExportStatus current={current} />}
        </div>
        {current?.status === 'ready' && (
          <Button onClick={() => void download()} loading={busy}>
            Download Archive
          </Button>
        )}
        {!active && (
          <form onSubmit={(e) => void start(e)} className="space-y-4" aria-label="Start an export" noValidate>
            <label className="flex items-start gap-3 text-sm text-stone-800">
              <input
                type="checkbox"
                checked={includeSecrets}
                onChange={(e) => setIncludeSecrets(e.target.checked)}
                className="mt-0.5 size-4 rounded border-stone-300 accent-(--accent-solid)"
              />
              <span>
                <span className="font-medium text-stone-900">Include passwords and other secrets</span>
                <span className="block text-stone-600">Your digital assets&apos; passwords, recovery codes and access instructions. Without this they are left out.</span>
              </span>
            </label>
            {includeSecrets && (
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Your password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  error={fields.password}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    setFields(({ password: _p, ...rest }) => rest);
                  }}
                />
                {twoFactorEnabled && (
                  <TextField
                    label="Authenticator code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    value={code}
                    error={fields.code}
                    onChange={(e) => {
                      setCode(e.target.value);
                      setFields(({ code: _c, ...rest }) => rest);
                    }}
                  />
                )}
              </div>
            )}
            <Button type="submit" variant={current?.status === 'ready' ? 'secondary' : 'primary'} loading={busy && !active}>
              {current?.status === 'ready' ? 'Start a New Export' : 'Export My Legacy'}
            </Button>
          </form>
        )}
      </div>
    </Card>
  );
}
