import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import { EnvelopeIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { INVITATION_TEMPLATES, type TPlannerInvitation } from '../../../core/planner-invitations.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { getSession } from '../../lib/session.ts';
import { useRowAction } from '../../lib/use-row-action.ts';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { useLoadMore } from '../../lib/use-load-more.ts';
import { plannerInvitationsApi } from '../../features/planner-invitations/api.ts';
import { InvitationList } from '../../features/planner-invitations/invitation-list.tsx';
import { InviteForm } from '../../features/planner-invitations/invite-form.tsx';

export async function loader({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get('template');
  const [page, session] = await Promise.all([plannerInvitationsApi.list(), getSession()]);
  return {
    page,
    plannerName: session.user?.name ?? '',
    template: INVITATION_TEMPLATES.find((t) => t === asked) ?? INVITATION_TEMPLATES[0],
  };
}

/** Invite a Loved One: the form, and below it the invitations sent, with Resend and Cancel. */
export function Component() {
  const { page, plannerName, template } = useLoaderData<typeof loader>();
  const list = useLoadMore(page, '', (cursor) => plannerInvitationsApi.list(cursor));
  const { busyId, notice, setNotice, act } = useRowAction();
  const revalidator = useRevalidator();
  const [cancelling, setCancelling] = useState<TPlannerInvitation | null>(null);
  const nameOf = (i: TPlannerInvitation) => `${i.firstName} ${i.lastName}`.trim() || i.email;

  const resend = (i: TPlannerInvitation) =>
    void act(i.id, async () => {
      list.replace(await plannerInvitationsApi.resend(i.id));
      return `Sent again to ${i.email}. The earlier link no longer works.`;
    });
  const cancel = (i: TPlannerInvitation) => {
    setCancelling(null);
    void act(i.id, async () => {
      list.replace(await plannerInvitationsApi.cancel(i.id));
      return `Cancelled the invitation to ${nameOf(i)}. Its link no longer works.`;
    });
  };

  return (
    <div className="space-y-8">
      <Link to="/legacy-planner/loved-ones" className="inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-stone-900">
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Back to Loved Ones
      </Link>
      <PageHeader
        title="Invite a Loved One"
        description="We email them your invitation. When they accept, they get their own private estate and you join their support team."
      />
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      <Card title="Invitation Details">
        <InviteForm
          plannerName={plannerName}
          initialTemplate={template}
          onSent={(sent) => {
            setNotice({
              tone: 'success',
              text: `Invitation sent to ${sent.email}.${sent.scheduleFollowUp ? ' If they have not answered in 3 days, we send one reminder.' : ''}`,
            });
            void revalidator.revalidate();
          }}
        />
      </Card>
      <Card title="Invitations" description={list.items.length ? `${list.items.length} shown${list.nextCursor ? ', more to load' : ''}` : undefined}>
        {list.items.length === 0 ? (
          <EmptyState icon={EnvelopeIcon} title="No invitations yet" description="The invitations you send appear here, with whether they were accepted." />
        ) : (
          <div className="space-y-6">
            <InvitationList invitations={list.items} busyId={busyId} onResend={resend} onCancel={setCancelling} />
            <LoadMoreFooter list={list} />
          </div>
        )}
      </Card>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this invitation?"
        description={cancelling ? `The link sent to ${cancelling.email} will stop working, and no reminder will be sent.` : undefined}
        confirmLabel="Cancel invitation"
        onClose={() => setCancelling(null)}
        onConfirm={() => cancelling && cancel(cancelling)}
      />
    </div>
  );
}
