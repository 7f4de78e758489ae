import { PlusIcon, UserPlusIcon, UsersIcon } from '@heroicons/react/24/outline';
import { useRef, useState } from 'react';
import { Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import type { TBeneficiary } from '../../../core/beneficiaries.schemas.ts';
import type { TSupportMember } from '../../../core/support-team.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { AddSupportMemberDialog } from '../../features/beneficiaries/add-support-member-dialog.tsx';
import { beneficiariesApi, supportTeamApi } from '../../features/beneficiaries/api.ts';
import { BeneficiaryCard } from '../../features/beneficiaries/beneficiary-card.tsx';
import { EditBeneficiaryDialog } from '../../features/beneficiaries/edit-beneficiary-dialog.tsx';
import { SupportMemberCard } from '../../features/beneficiaries/support-member-card.tsx';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { WhileEditable } from '../../components/ui/estate-frozen.tsx';

export async function loader() {
  const [list, team] = await Promise.all([beneficiariesApi.list(), supportTeamApi.list()]);
  return { first: { items: list.items, nextCursor: list.nextCursor }, total: list.total, members: team.members };
}

type Removing = { kind: 'beneficiary'; item: TBeneficiary } | { kind: 'member'; item: TSupportMember } | null;

export function Component() {
  const { first, total, members } = useLoaderData<typeof loader>();
  // Later pages ("Load more") are kept across the actions below; the count is the server's.
  const list = useLoadMore(first, 'all', (cursor) => beneficiariesApi.list(cursor));
  const beneficiaries = list.items;
  const listRef = useRef<HTMLUListElement>(null);
  const revalidator = useRevalidator();
  const [searchParams, setSearchParams] = useSearchParams();
  const added = searchParams.get('added');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(
    added ? { tone: 'success', text: `Added ${added}. We emailed them an invitation to create their account.` } : null,
  );
  const [editing, setEditing] = useState<TBeneficiary | null>(null);
  const [removing, setRemoving] = useState<Removing>(null);
  const [busy, setBusy] = useState(false);
  const [resendingId, setResendingId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [addKey, setAddKey] = useState(0);

  const say = (tone: 'success' | 'error', text: string) => {
    setNotice({ tone, text });
    if (added) setSearchParams({}, { replace: true });
  };

  async function remove() {
    if (!removing) return;
    setBusy(true);
    try {
      if (removing.kind === 'beneficiary') {
        await beneficiariesApi.remove(removing.item.id);
        list.remove(removing.item.id);
      } else await supportTeamApi.remove(removing.item.id);
      say('success', `Removed ${removing.item.name}.`);
      setRemoving(null);
      await revalidator.revalidate();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      say('error', e.message);
      setRemoving(null);
    } finally {
      setBusy(false);
    }
  }

  async function resend(kind: 'beneficiary' | 'member', id: string, name: string, email: string) {
    setResendingId(id);
    try {
      if (kind === 'beneficiary') await beneficiariesApi.resendInvitation(id);
      else await supportTeamApi.resendInvitation(id);
      say('success', `Sent ${name} a new invitation at ${email}. The earlier link no longer works.`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      say('error', e.message);
    } finally {
      setResendingId(null);
    }
  }

  return (
    <div className="space-y-10">
      <PageHeader
        title="Beneficiaries"
        description="The people who receive your legacy, what each of them may see, and the professionals who help you."
        actions={
          <WhileEditable>
            <Link to="/estate-owner/beneficiaries/add" className={buttonClasses()}>
              <PlusIcon aria-hidden="true" className="size-5" />
              Add Beneficiary
            </Link>
          </WhileEditable>
        }
      />
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>

      <section aria-labelledby="beneficiaries-heading" className="space-y-4">
        <h2 id="beneficiaries-heading" className="text-lg font-semibold text-stone-900">
          Beneficiaries <span className="font-normal text-stone-500">({total})</span>
        </h2>
        {beneficiaries.length === 0 ? (
          <EmptyState
            icon={UsersIcon}
            title="No beneficiaries yet"
            description="Add the people who should receive your memories, documents and messages."
            action={
              <WhileEditable>
                <Link to="/estate-owner/beneficiaries/add" className={buttonClasses()}>
                  Add Beneficiary
                </Link>
              </WhileEditable>
            }
          />
        ) : (
          <ul ref={listRef} className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
            {beneficiaries.map((b) => (
              <BeneficiaryCard
                key={`${b.id}-${b.access.memories}${b.access.documents}${b.access.messages}${b.access.beneficiaries}${b.access.digitalLegacy}`}
                beneficiary={b}
                resending={resendingId === b.id}
                onEdit={setEditing}
                onRemove={(item) => setRemoving({ kind: 'beneficiary', item })}
                onResend={(item) => void resend('beneficiary', item.id, item.name, item.email)}
              />
            ))}
          </ul>
        )}
        <LoadMoreFooter list={list} listRef={listRef} />
      </section>

      <section aria-labelledby="support-heading" className="space-y-4">
        <div>
          <h2 id="support-heading" className="text-lg font-semibold text-stone-900">
            Support Team
          </h2>
          <p className="text-sm text-stone-600">Your legacy planner helps you build your plan; your estate administrator verifies and activates it when the time comes.</p>
        </div>
        <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
          {members.map((m) => (
            <SupportMemberCard
              key={m.id}
              member={m}
              resending={resendingId === m.id}
              onRemove={(item) => setRemoving({ kind: 'member', item })}
              onResend={(item) => void resend('member', item.id, item.name, item.email)}
            />
          ))}
          <WhileEditable>
            <li>
              <button
                type="button"
                onClick={() => {
                  setAddKey((k) => k + 1);
                  setAdding(true);
                }}
                className="flex h-full min-h-44 w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-stone-300 p-5 text-center hover:border-accent-solid hover:bg-accent-soft"
              >
                <UserPlusIcon aria-hidden="true" className="size-8 text-stone-400" />
                <span className="font-semibold text-stone-900">Add Support Team Member</span>
                <span className="text-sm text-stone-600">Add a new legacy planner or estate administrator</span>
              </button>
            </li>
          </WhileEditable>
        </ul>
      </section>

      <EditBeneficiaryDialog
        key={editing?.id ?? 'none'}
        beneficiary={editing}
        onClose={() => setEditing(null)}
        onSaved={(b, emailChanged) => {
          setEditing(null);
          list.replace(b);
          say('success', emailChanged && b.status === 'invited' ? `Saved ${b.name}; a new invitation went to ${b.email}.` : `Saved ${b.name}.`);
          void revalidator.revalidate();
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Remove ${removing.item.name}?` : 'Remove?'}
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      >
        {removing?.kind === 'beneficiary' ? (
          <p>
            {removing.item.name} will no longer see anything you shared with them, and their future messages will not be delivered. This cannot be
            undone, but you can add them again later.
          </p>
        ) : (
          <p>
            {removing?.item.name} will no longer see your estate. Upcoming appointments with them are cancelled and they are told.
          </p>
        )}
      </ConfirmDialog>
      <AddSupportMemberDialog
        key={addKey}
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(_m, how) => {
          setAdding(false);
          say('success', how);
          void revalidator.revalidate();
        }}
      />
    </div>
  );
}
