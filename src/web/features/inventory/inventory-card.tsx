import { useCallback, useRef, useState } from 'react';
import { INVENTORY_STATUSES, wishedActionText, type InventoryStatus, type TInventory, type TInventoryEntry } from '../../../core/inventory.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useCardData } from '../../lib/use-card-data.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { useRowAction } from '../../lib/use-row-action.ts';
import { inventoryApi, inventoryFiles } from './api.ts';
import { EntryDialog } from './entry-dialog.tsx';
import { LetterAnswerDialog, LetterSentDialog } from './letter-dialogs.tsx';

export const money = (value: string, currency: string) => {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(Number(value));
  } catch {
    return `${value} ${currency}`;
  }
};

type Open = { kind: 'add' } | { kind: 'edit' | 'sent' | 'answer' | 'remove'; entry: TInventoryEntry } | null;

const pageOf = (inv: Pick<TInventory, 'entries' | 'nextCursor'>) => ({ items: inv.entries, nextCursor: inv.nextCursor });

function Entry({ estateId, entry, mode, onOpen, onStatus, busy }: { estateId: string; entry: TInventoryEntry; mode: TInventory['mode']; onOpen: (open: Open) => void; onStatus: (entry: TInventoryEntry, status: InventoryStatus) => void; busy: boolean }) {
  const id = `inventory-${entry.id}`;
  const settles = mode === 'work';
  const edits = mode !== 'read';
  const details = [
    entry.kindLabel,
    entry.institution,
    entry.referenceMasked && `Ref. ${entry.referenceMasked}`,
    entry.value && entry.currency && `About ${money(entry.value, entry.currency)}`,
    entry.wishedAction && `Wished: ${wishedActionText(entry)}`,
  ].filter(Boolean);
  const letter = entry.letter;
  // a settled entry needs no more letters
  const open = entry.status !== 'done' && entry.status !== 'not_applicable';
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <div>
        <div className="min-w-0">
          <h3 id={`${id}-name`} className="font-medium break-words text-stone-900">
            {entry.name}
          </h3>
          <p className="mt-1 text-sm break-words text-stone-600">{details.join(' · ')}</p>
          {entry.institutionAddress && <p className="mt-1 text-sm break-words whitespace-pre-line text-stone-600">{entry.institutionAddress}</p>}
          {mode !== 'owner' && (
            <p className="mt-1 text-sm text-stone-700">
              Status: <strong>{entry.statusLabel}</strong>
              {entry.statusChange && (
                <>
                  {' '}
                  — {entry.statusChange.byName}, <time dateTime={entry.statusChange.at}>{formatDate(entry.statusChange.at)}</time>
                </>
              )}
            </p>
          )}
          {letter?.sent && (
            <p className="mt-1 text-sm text-stone-700">
              Letter sent {letter.sent.via === 'post' ? 'by post' : 'by email'} on <time dateTime={letter.sent.at}>{formatDate(letter.sent.at)}</time> by {letter.sent.byName}
              {letter.answer ? (
                <>
                  . Answer (<time dateTime={letter.answer.at}>{formatDate(letter.answer.at)}</time>): <span className="break-words whitespace-pre-line">{letter.answer.text}</span>
                </>
              ) : (
                '. No answer yet.'
              )}
            </p>
          )}
          {letter?.reminderDue && (
            <div className="mt-2">
              <Alert tone="warning">
                Reminder: no answer from {entry.institution ?? 'them'} after {letter.remindAfterDays} days. Consider calling or writing again.
              </Alert>
            </div>
          )}
        </div>
      </div>
      {edits && (
        <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-labelledby={`${id}-name`}>
          {settles && (
            <>
              <label htmlFor={`${id}-status`} className="sr-only">
                Status of {entry.name}
              </label>
              <select id={`${id}-status`} value={entry.status} disabled={busy} onChange={(e) => onStatus(entry, e.target.value as InventoryStatus)} className="rounded-lg bg-white py-1.5 pr-8 pl-3 text-sm ring-1 ring-stone-300 ring-inset">
                {Object.entries(INVENTORY_STATUSES).map(([key, label]) => (
                  <option key={key} value={key}>
                    {label}
                  </option>
                ))}
              </select>
            </>
          )}
          {settles && open && !entry.letterReady && (
            <Button size="sm" variant="secondary" onClick={() => onOpen({ kind: 'edit', entry })}>
              Add the institution’s address for a letter
            </Button>
          )}
          {settles && open && entry.letterReady && (
            <>
              <a href={inventoryFiles.letterPdf(estateId, entry.id)} download className={buttonClasses('secondary', 'sm')}>
                Letter (PDF)
              </a>
              <a href={inventoryFiles.letterZip(estateId, entry.id)} download className={buttonClasses('secondary', 'sm')}>
                Letter with enclosures (ZIP)
              </a>
              <Button size="sm" variant="secondary" onClick={() => onOpen({ kind: 'sent', entry })}>
                {letter?.sent ? 'Sent again' : 'Mark letter sent'}
              </Button>
              {letter?.sent && !letter.answer && (
                <Button size="sm" variant="secondary" onClick={() => onOpen({ kind: 'answer', entry })}>
                  Record answer
                </Button>
              )}
            </>
          )}
          <Button size="sm" variant="secondary" onClick={() => onOpen({ kind: 'edit', entry })}>
            Edit
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onOpen({ kind: 'remove', entry })}>
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

const TITLES: Record<TInventory['mode'], string> = { owner: 'What you own, for your executor', work: 'Estate inventory', read: 'Estate inventory' };

/**
 * The estate's inventory (issue 28): the owner pre-fills it while planning; after activation the
 * executor, deputy and estate administrator work it — statuses, letters to institutions, exports —
 * and digital-legacy beneficiaries follow. Renders nothing when the server says it is not there
 * for this viewer (404).
 */
export function InventoryCard({ estateId }: { estateId: string }) {
  const { data: inventory, failed, reload } = useCardData(useCallback(() => inventoryApi.get(estateId), [estateId]));
  const { busyId, notice, setNotice, act } = useRowAction(reload);
  const busy = busyId !== null;
  const [open, setOpen] = useState<Open>(null);
  const list = useLoadMore(pageOf(inventory ?? { entries: [], nextCursor: null }), estateId, async (cursor) => pageOf(await inventoryApi.get(estateId, cursor)));
  const listRef = useRef<HTMLUListElement>(null);

  async function saved(entry: TInventoryEntry, text: string) {
    setOpen(null);
    list.replace(entry);
    setNotice({ tone: 'success', text });
    await reload();
  }

  if (!inventory) return failed ? <Alert tone="error">{failed}</Alert> : null;
  const { mode, counts, totals } = inventory;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const left = counts.todo + counts.notified + counts.waiting;
  const description =
    mode === 'owner'
      ? 'Accounts, policies, property and debts your executor will need to find. Add what you can; the values can be rough.'
      : `${inventory.ownerName}’s accounts, policies, property and debts — ${total} in all, ${left} still open.`;
  return (
    <Card
      title={TITLES[mode]}
      description={description}
      actions={
        mode !== 'read' && (
          <Button size="sm" onClick={() => setOpen({ kind: 'add' })}>
            Add an entry
          </Button>
        )
      }
    >
      {mode === 'read' && <p className="mb-4 text-sm text-stone-600">The executor keeps this up to date; you can follow their progress here.</p>}
      <div aria-live="polite" className="mb-4 empty:hidden">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : failed && <Alert tone="error">{failed}</Alert>}
      </div>
      {totals.length > 0 && (
        <div className="mb-5">
          <h3 className="text-sm font-semibold text-stone-900">Estimated totals</h3>
          <ul className="mt-1 grid gap-x-6 text-sm text-stone-700 sm:grid-cols-2">
            {totals.map((t) => (
              <li key={`${t.kind}-${t.currency}`}>
                {t.kindLabel}: {money(t.total, t.currency)} ({t.entries})
              </li>
            ))}
          </ul>
        </div>
      )}
      {list.items.length === 0 ? (
        <p className="text-sm text-stone-600">Nothing recorded yet.</p>
      ) : (
        <ul ref={listRef} className="divide-y divide-stone-100">
          {list.items.map((entry) => (
            <Entry
              key={entry.id}
              estateId={estateId}
              entry={entry}
              mode={mode}
              busy={busy}
              onOpen={setOpen}
              onStatus={(e, status) =>
                void act(e.id, async () => {
                  await inventoryApi.update(estateId, e.id, { status });
                  return `“${e.name}” is now: ${INVENTORY_STATUSES[status]}.`;
                })
              }
            />
          ))}
        </ul>
      )}
      <div className="mt-4">
        <LoadMoreFooter list={list} listRef={listRef} />
      </div>
      {list.items.length > 0 && (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-stone-100 pt-4">
          <a href={inventoryFiles.csv(estateId)} download className={buttonClasses('secondary', 'sm')}>
            Download as CSV
          </a>
          <a href={inventoryFiles.pdf(estateId)} download className={buttonClasses('secondary', 'sm')}>
            Download printable PDF
          </a>
        </div>
      )}
      {open?.kind === 'add' && <EntryDialog estateId={estateId} entry={null} onClose={() => setOpen(null)} onSaved={(e) => void saved(e, `“${e.name}” added.`)} />}
      {open?.kind === 'edit' && <EntryDialog estateId={estateId} entry={open.entry} onClose={() => setOpen(null)} onSaved={(e) => void saved(e, `“${e.name}” saved.`)} />}
      {open?.kind === 'sent' && <LetterSentDialog estateId={estateId} entry={open.entry} onClose={() => setOpen(null)} onSaved={(e) => void saved(e, `Letter to ${e.institution ?? e.name} marked sent.`)} />}
      {open?.kind === 'answer' && <LetterAnswerDialog estateId={estateId} entry={open.entry} onClose={() => setOpen(null)} onSaved={(e) => void saved(e, 'Answer saved.')} />}
      {open?.kind === 'remove' && (
        <ConfirmDialog
          open
          title={`Remove “${open.entry.name}”?`}
          description="It leaves the inventory. If it simply does not apply, you can set its status to Not applicable instead."
          confirmLabel="Remove"
          busy={busy}
          onClose={() => setOpen(null)}
          onConfirm={() => {
            const entry = open.entry;
            setOpen(null);
            void act(entry.id, async () => {
              await inventoryApi.remove(estateId, entry.id);
              list.remove(entry.id);
              return `“${entry.name}” removed.`;
            });
          }}
        />
      )}
    </Card>
  );
}
