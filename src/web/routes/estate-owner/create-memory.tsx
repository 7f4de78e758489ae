import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { ZCreateMemoryRequest } from '../../../core/memories.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';
import { memoriesApi } from '../../features/memories/api.ts';
import { memoryForm, type MediaItem } from '../../features/memories/media-items.ts';
import { MediaPicker } from '../../features/memories/media-picker.tsx';
import { MemoryDetailsFields, type MemoryDetails } from '../../features/memories/memory-details-fields.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsFromIssues, type FieldErrors } from '../../lib/form.ts';
import { forgetUnsavedChanges, useUnsavedChangesGuard } from '../../lib/unsaved-changes.ts';
import { AddingScreen } from '../../components/ui/estate-frozen.tsx';
import type { TSealRecipient } from '../../../core/estate-seal.schemas.ts';
import { estateSealApi } from '../../features/estate-seal/api.ts';

const LIST = '/estate-owner/memories';

/** The estate's seal, so a story can be sealed as it is added (null: none made). */
export async function loader(): Promise<TSealRecipient> {
  const { seal } = await estateSealApi.get();
  return seal && { recipient: seal.recipient, sealTag: seal.sealTag };
}

export function Component() {
  return (
    <AddingScreen list="/estate-owner/memories">
      <CreateMemory />
    </AddingScreen>
  );
}

function CreateMemory() {
  const navigate = useNavigate();
  const seal = useLoaderData<typeof loader>();
  const [details, setDetails] = useState<MemoryDetails>({ title: '', date: '', description: '' });
  const [items, setItems] = useState<MediaItem[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const saving = progress !== null;

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = ZCreateMemoryRequest.safeParse(details);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    setProgress(0);
    abort.current = new AbortController();
    try {
      const memory = await memoriesApi.create(memoryForm(parsed.data, items), setProgress, abort.current.signal);
      await navigate(`${LIST}?created=${memory.id}`);
    } catch (e) {
      setProgress(null);
      if (e instanceof DOMException && e.name === 'AbortError') return;
      if (!(e instanceof ApiError)) throw e;
      setError(e.message);
      if (e.fields) setErrors(e.fields);
    }
  }

  return (
    <div className="space-y-8">
      <PageHeader
        title="Create Memory"
        description="Capture a moment for the people you love: photos, a video, a recording or a story in your own words."
        actions={
          <Link to={LIST} className={buttonClasses('secondary')}>
            <ArrowLeftIcon aria-hidden="true" className="size-4" />
            Back to Memories
          </Link>
        }
      />
      <form ref={useUnsavedChangesGuard()} onSubmit={(e) => void save(e)} noValidate className="space-y-6">
        {error && <Alert tone="error">{error}</Alert>}
        <Card title="About this memory">
          <MemoryDetailsFields value={details} onChange={setDetails} errors={errors} disabled={saving} />
        </Card>
        <Card title="Media" description="Photos, video, audio and stories, in the order you add them.">
          <MediaPicker items={items} onChange={setItems} disabled={saving} seal={seal} />
        </Card>
        {saving && (
          <div className="rounded-xl bg-white p-5 shadow-xs ring-1 ring-stone-200">
            <ProgressBar value={Math.round(progress * 100)} label={progress < 1 ? 'Uploading your memory' : 'Saving…'} />
          </div>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {saving ? (
            <Button variant="secondary" onClick={() => abort.current?.abort()}>
              Stop upload
            </Button>
          ) : (
            <Link to={LIST} onClick={forgetUnsavedChanges} className={buttonClasses('secondary')}>
              Cancel
            </Link>
          )}
          <Button type="submit" loading={saving}>
            Save Memory
          </Button>
        </div>
      </form>
    </div>
  );
}
