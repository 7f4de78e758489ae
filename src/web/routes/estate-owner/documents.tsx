import { ArrowUpTrayIcon, DocumentTextIcon, FolderPlusIcon } from '@heroicons/react/24/outline';
import { useMemo, useRef, useState } from 'react';
import { useLoaderData, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { DOCUMENT_CATEGORIES, ZDocumentFilters, type TDocument, type TDocumentFolder, type TDocumentFilters } from '../../../core/documents.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ShareDialog } from '../../components/ui/share-dialog.tsx';
import { documentsApi } from '../../features/documents/api.ts';
import { CategoryList } from '../../features/documents/category-list.tsx';
import { DocumentRow } from '../../features/documents/document-row.tsx';
import { DocumentToolbar } from '../../features/documents/document-toolbar.tsx';
import { EditDialog } from '../../features/documents/edit-dialog.tsx';
import { FolderDialog } from '../../features/documents/folder-dialog.tsx';
import { PreviewDialog } from '../../features/documents/preview-dialog.tsx';
import { UploadDialog } from '../../features/documents/upload-dialog.tsx';
import { VersionsDialog } from '../../features/documents/versions-dialog.tsx';
import { ApiError, getBytes } from '../../lib/api.ts';
import { openBytes } from '../../../core/seal/sealed-content.ts';
import { useOwnerKey } from '../../components/seal/use-owner-key.tsx';
import { saveFile } from '../../lib/save-file.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';

const KEYS = ['q', 'type', 'folderId', 'sharedWith', 'from', 'to'] as const;

function queryFrom(params: URLSearchParams): TDocumentFilters {
  const raw = Object.fromEntries(KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : [])));
  const parsed = ZDocumentFilters.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

export async function loader({ request }: LoaderFunctionArgs) {
  const query = queryFrom(new URL(request.url).searchParams);
  return { query, ...(await documentsApi.list(query)) };
}

export function Component() {
  const { query, items: firstItems, nextCursor, total, counts, folders, beneficiaries, seal } = useLoaderData<typeof loader>();
  const ownerKey = useOwnerKey(seal);
  /** A sealed document, opened here with the Owner Kit's key and saved under its own name. */
  const openSealed = (doc: TDocument) =>
    ownerKey.withKey((identity) => {
      void (async () => {
        const opened = await openBytes(identity, await getBytes(doc.file.url));
        saveFile(doc.file.name.replace(/\.age$/i, ''), opened, doc.format === 'PDF' ? 'application/pdf' : 'application/octet-stream');
      })().catch(() => setNotice({ tone: 'error', text: `“${doc.title}” could not be opened with this Owner Kit.` }));
    });
  // Later pages ("Load more") are kept across the actions below and dropped when the search or filters change.
  const list = useLoadMore({ items: firstItems, nextCursor }, JSON.stringify(query), (cursor) => documentsApi.list(query, cursor));
  const items = list.items;
  const listRef = useRef<HTMLUListElement>(null);
  const [, setParams] = useSearchParams();
  // Remount the (uncontrolled) filter form only when filters are cleared or first applied, never while typing a search.
  const filtersKey = (['sharedWith', 'from', 'to'] as const).some((k) => query[k]) ? 'filtered' : 'unfiltered';
  const revalidator = useRevalidator();
  const [uploading, setUploading] = useState(false);
  const [newFolder, setNewFolder] = useState(false);
  const [previewing, setPreviewing] = useState<TDocument | null>(null);
  const [editing, setEditing] = useState<TDocument | null>(null);
  const [versionsOf, setVersionsOf] = useState<TDocument | null>(null);
  const [sharingId, setSharingId] = useState<string | null>(null);
  const [deletingFolder, setDeletingFolder] = useState<TDocumentFolder | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const sharing = useMemo(() => items.find((d) => d.id === sharingId), [items, sharingId]);
  const refresh = () => revalidator.revalidate();
  /** After an action on one document: the first page again, and this document wherever it is loaded (or gone, when deleted). */
  const refreshOne = async (id: string) => {
    await refresh();
    try {
      list.replace(await documentsApi.get(id));
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 404) throw e;
      list.remove(id);
    }
  };

  const setQuery = (next: TDocumentFilters) =>
    setParams(
      () => {
        const p = new URLSearchParams();
        for (const k of KEYS) if (next[k]) p.set(k, String(next[k]));
        return p;
      },
      { replace: true },
    );

  const category = query.type ?? 'all';
  const folder = folders.find((f) => f.id === query.folderId);
  const heading = folder ? folder.name : category === 'all' ? 'Recent Documents' : `${DOCUMENT_CATEGORIES.find((c) => c.key === category)?.label ?? 'Other'} Documents`;
  const filtered = KEYS.some((k) => query[k]);

  async function deleteFolder() {
    if (!deletingFolder) return;
    try {
      await documentsApi.removeFolder(deletingFolder.id);
      setNotice({ tone: 'success', text: `Deleted the folder “${deletingFolder.name}”. Its documents are still here.` });
      if (query.folderId === deletingFolder.id) setQuery({ ...query, folderId: undefined });
      await refresh();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setNotice({ tone: 'error', text: e.message });
    } finally {
      setDeletingFolder(null);
    }
  }

  return (
    <div className="space-y-8">
      <PageHeader
        title="Documents"
        description="Wills, deeds, policies and certificates, encrypted and ready to share with the right people."
        actions={
          <>
            <WhileEditable>
              <Button variant="secondary" onClick={() => setNewFolder(true)}>
                <FolderPlusIcon aria-hidden="true" className="size-5" />
                New Folder
              </Button>
              <Button onClick={() => setUploading(true)}>
                <ArrowUpTrayIcon aria-hidden="true" className="size-5" />
                Upload Document
              </Button>
            </WhileEditable>
          </>
        }
      />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <DocumentToolbar key={filtersKey} query={query} beneficiaries={beneficiaries} />
      <div className="grid gap-6 lg:grid-cols-4">
        <Card title="Categories" className="min-w-0 lg:col-span-1">
          <CategoryList
            counts={counts}
            folders={folders}
            category={category}
            folderId={query.folderId}
            onCategory={(c) => setQuery({ ...query, type: c === 'all' ? undefined : (c as TDocumentFilters['type']), folderId: undefined })}
            onFolder={(id) => setQuery({ ...query, folderId: id, type: undefined })}
            onDeleteFolder={setDeletingFolder}
          />
        </Card>
        <Card title={heading} description={`${total} ${total === 1 ? 'document' : 'documents'}`} className="min-w-0 lg:col-span-3">
          {items.length === 0 ? (
            <EmptyState
              icon={DocumentTextIcon}
              title={filtered ? 'No documents match' : 'No documents yet'}
              description={filtered ? 'Try other words, another category, or clear the filters.' : 'Upload your will, insurance policies and other important papers.'}
              action={
                !filtered && (
                  <WhileEditable>
                    <Button onClick={() => setUploading(true)}>
                      <ArrowUpTrayIcon aria-hidden="true" className="size-5" />
                      Upload Document
                    </Button>
                  </WhileEditable>
                )
              }
            />
          ) : (
            <ul ref={listRef} aria-label="Documents" className="-my-4 divide-y divide-stone-100">
              {items.map((doc) => (
                <DocumentRow key={doc.id} doc={doc} people={beneficiaries} onPreview={setPreviewing} onShare={(d) => setSharingId(d.id)} onEdit={setEditing} onVersions={setVersionsOf} onOpenSealed={openSealed} />
              ))}
            </ul>
          )}
          <div className="mt-6">
            <LoadMoreFooter list={list} listRef={listRef} />
          </div>
        </Card>
      </div>

      <UploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        folders={folders}
        defaultType={query.type}
        defaultFolderId={query.folderId}
        seal={seal}
        onUploaded={async (doc) => {
          setNotice({ tone: 'success', text: `Uploaded “${doc.title}”.` });
          await refresh();
        }}
      />
      {ownerKey.dialog}
      <FolderDialog open={newFolder} onClose={() => setNewFolder(false)} onCreated={refresh} />
      <PreviewDialog doc={previewing} onClose={() => setPreviewing(null)} />
      <VersionsDialog doc={versionsOf} onClose={() => setVersionsOf(null)} onChanged={() => (versionsOf ? refreshOne(versionsOf.id) : refresh())} />
      <EditDialog doc={editing} folders={folders} onClose={() => setEditing(null)} onSaved={() => (editing ? refreshOne(editing.id) : refresh())} />
      {sharing && (
        <ShareDialog
          open
          onClose={() => setSharingId(null)}
          itemTitle={sharing.title}
          itemKind="document"
          current={sharing.share}
          beneficiaries={beneficiaries}
          onSave={async (share) => {
            list.replace(await documentsApi.share(sharing.id, share));
            await refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={deletingFolder !== null}
        onClose={() => setDeletingFolder(null)}
        title="Delete folder?"
        description={deletingFolder ? `“${deletingFolder.name}” will be removed. The documents in it stay in your vault.` : undefined}
        confirmLabel="Delete folder"
        onConfirm={() => void deleteFolder()}
      />
    </div>
  );
}
