import { FolderIcon, TrashIcon } from '@heroicons/react/24/outline';
import { DOCUMENT_CATEGORIES, type TDocumentFolder, type TDocumentList } from '../../../core/documents.schemas.ts';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';

export interface CategoryListProps {
  counts: TDocumentList['counts'];
  folders: TDocumentFolder[];
  /** 'all' | a document type */
  category: string;
  folderId: string | undefined;
  onCategory: (category: string) => void;
  onFolder: (folderId: string | undefined) => void;
  onDeleteFolder: (folder: TDocumentFolder) => void;
}

const itemClasses = (current: boolean) =>
  `flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium transition-colors ${
    current ? 'bg-accent-soft text-accent-text' : 'text-stone-700 hover:bg-stone-50 hover:text-stone-900'
  }`;

/** The categories (All Documents, Legal, Financial, Personal) with live counts, then the folders. */
export function CategoryList({ counts, folders, category, folderId, onCategory, onFolder, onDeleteFolder }: CategoryListProps) {
  const categories = [...DOCUMENT_CATEGORIES, ...(counts.other ? [{ key: 'other', label: 'Other' } as const] : [])];
  return (
    <nav aria-label="Document categories" className="space-y-6">
      <ul className="space-y-1">
        {categories.map((c) => {
          const current = !folderId && category === c.key;
          return (
            <li key={c.key}>
              <button type="button" aria-current={current ? 'true' : undefined} onClick={() => onCategory(c.key)} className={itemClasses(current)}>
                <span>{c.label}</span>
                <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-stone-700 tabular-nums ring-1 ring-stone-200">{counts[c.key]}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {folders.length > 0 && (
        <div>
          <h3 className="px-3 text-xs font-semibold tracking-wide text-stone-500 uppercase">Folders</h3>
          <ul className="mt-2 space-y-1">
            {folders.map((f) => {
              const current = folderId === f.id;
              return (
                <li key={f.id} className="group flex items-center gap-1">
                  <button type="button" aria-current={current ? 'true' : undefined} onClick={() => onFolder(current ? undefined : f.id)} className={itemClasses(current)}>
                    <span className="flex min-w-0 items-center gap-2">
                      <FolderIcon aria-hidden="true" className="size-4 shrink-0" />
                      <span className="truncate">{f.name}</span>
                    </span>
                    <span className="text-xs text-stone-600 tabular-nums">{f.count}</span>
                  </button>
                  <WhileEditable>
                    <button type="button" onClick={() => onDeleteFolder(f)} className="rounded-md p-1.5 text-stone-400 hover:bg-stone-100 hover:text-red-700" aria-label={`Delete folder ${f.name}`}>
                      <TrashIcon aria-hidden="true" className="size-4" />
                    </button>
                  </WhileEditable>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </nav>
  );
}
