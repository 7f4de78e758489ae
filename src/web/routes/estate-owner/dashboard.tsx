import { ArrowUpTrayIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import type { TBeneficiary } from '../../../core/beneficiaries.schemas.ts';
import type { TOwnerLifecycle } from '../../../core/lifecycle.schemas.ts';
import type { TTask } from '../../../core/tasks.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { lazyDialog } from '../../components/ui/lazy-dialog.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { dashboardApi } from '../../features/dashboard/api.ts';
import { BeneficiariesCard } from '../../features/dashboard/beneficiaries-card.tsx';
import { CategoryCards } from '../../features/dashboard/category-cards.tsx';
import { ChecklistCard } from '../../features/dashboard/checklist-card.tsx';
import { CompletionCard } from '../../features/dashboard/completion-card.tsx';
import { RecentMemoriesCard } from '../../features/dashboard/recent-memories-card.tsx';
import { SupportTeamCard } from '../../features/dashboard/support-team-card.tsx';
import { TasksCard } from '../../features/dashboard/tasks-card.tsx';
import { ImBackBanner } from '../../features/incapacity/im-back-banner.tsx';
import { ImAliveCard } from '../../features/activation-review/im-alive-card.tsx';
import { CheckInStatus } from '../../features/check-in/check-in-status.tsx';
import { estateReportApi } from '../../features/estate-report/api.ts';
import { OwnerLifecycleBanner } from '../../features/estate-report/open-report-alert.tsx';
import { useEstateFrozen, WhileEditable } from '../../components/ui/estate-frozen.tsx';

// Dialogs load when first opened: the dashboard itself needs none of their code.
const MessageDialog = lazyDialog(async () => (await import('../../features/dashboard/message-dialog.tsx')).MessageDialog, (p) => p.beneficiary !== null);
const AccessDialog = lazyDialog(async () => (await import('../../features/dashboard/access-dialog.tsx')).AccessDialog, (p) => p.beneficiary !== null);
const TaskDetailDialog = lazyDialog(async () => (await import('../../features/dashboard/task-detail-dialog.tsx')).TaskDetailDialog, (p) => p.task !== null);
const UploadDialog = lazyDialog(async () => (await import('../../features/documents/upload-dialog.tsx')).UploadDialog, (p) => p.open);
const TaskDialog = lazyDialog(async () => (await import('../../features/tasks/task-dialog.tsx')).TaskDialog, (p) => p.open);

/** The lifecycle, or null when it could not be read (the banner then says so rather than staying silent). */
async function lifecycleOrNull() {
  try {
    return await estateReportApi.lifecycle();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return null;
  }
}

export async function loader() {
  const [dashboard, lifecycle] = await Promise.all([dashboardApi.get(), lifecycleOrNull()]);
  return { dashboard, lifecycle };
}

export function Component() {
  const { dashboard, lifecycle } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const frozen = useEstateFrozen();
  /** the report just withdrawn and the lifecycle the server answered: shown at once, before the reload confirms it */
  const [withdrawn, setWithdrawn] = useState<{ reportId: string; lifecycle: TOwnerLifecycle } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string; task?: TTask } | null>(null);
  /** the Upload Document modal, opened from a document task (or the header button: task null) */
  const [uploading, setUploading] = useState<{ task: TTask | null } | null>(null);
  const [messaging, setMessaging] = useState<TBeneficiary | null>(null);
  const [viewing, setViewing] = useState<TBeneficiary | null>(null);
  const [openTask, setOpenTask] = useState<TTask | null>(null);
  const [taskError, setTaskError] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  const [adding, setAdding] = useState<number | null>(null);

  async function complete(task: TTask) {
    setCompleting(true);
    setTaskError(null);
    try {
      await dashboardApi.completeTask(task.id);
      setOpenTask(null);
      setUploading(null);
      setNotice({ tone: 'success', text: `Completed “${task.title}”.` });
      await revalidator.revalidate();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setTaskError(e.message);
      setNotice({ tone: 'error', text: e.message });
    } finally {
      setCompleting(false);
    }
  }

  return (
    <div className="space-y-8">
      <PageHeader
        title={frozen ? dashboard.owner.firstName : `${dashboard.owner.returning ? 'Welcome back' : 'Welcome'}, ${dashboard.owner.firstName}`}
        description={frozen ? 'Your estate has been activated. This page shows what you left, as you left it.' : 'Here is how your legacy is coming along, and what is left to do.'}
        actions={
          <>
            <Link to="/estate-owner/release-plan" className={buttonClasses('secondary')}>
              Release plan
            </Link>
            <WhileEditable>
              <Button variant="secondary" onClick={() => setUploading({ task: null })}>
                <ArrowUpTrayIcon aria-hidden="true" className="size-5" />
                Upload Document
              </Button>
            </WhileEditable>
          </>
        }
      />
      <OwnerLifecycleBanner
        lifecycle={withdrawn && lifecycle?.openReport?.id === withdrawn.reportId ? withdrawn.lifecycle : lifecycle}
        onWithdrawn={(next, text) => {
          if (lifecycle?.openReport) setWithdrawn({ reportId: lifecycle.openReport.id, lifecycle: next });
          setNotice({ tone: 'success', text });
          void revalidator.revalidate();
        }}
      />
      <ImBackBanner inIncapacity={lifecycle?.status === 'incapacity'} onBack={() => void revalidator.revalidate()} />
      <ImAliveCard />
      <div aria-live="polite">
        {notice && (
          <Alert tone={notice.tone}>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <span>{notice.text}</span>
              {notice.task && dashboard.tasks.some((t) => t.id === notice.task?.id) && (
                <Button size="sm" variant="secondary" loading={completing} onClick={() => notice.task && void complete(notice.task)}>
                  Mark “{notice.task.title}” complete
                </Button>
              )}
            </div>
          </Alert>
        )}
      </div>
      <WhileEditable>
        <CheckInStatus />
        <CompletionCard completion={dashboard.completion} missing={dashboard.missing} />
      </WhileEditable>
      <CategoryCards counts={dashboard.counts} />
      <WhileEditable>
        <ChecklistCard checklist={dashboard.checklist} />
      </WhileEditable>
      <div className="grid gap-8 lg:grid-cols-2">
        <RecentMemoriesCard memories={dashboard.recentMemories} />
        <TasksCard
          tasks={dashboard.tasks}
          pendingCount={dashboard.pendingTaskCount}
          canUpload={!frozen}
          onOpen={(t) => {
            setTaskError(null);
            setOpenTask(t);
          }}
          onUpload={(t) => setUploading({ task: t })}
          onAdd={() => setAdding(Date.now())}
        />
      </div>
      <div className="grid gap-8 lg:grid-cols-2">
        <BeneficiariesCard beneficiaries={dashboard.beneficiaries} total={dashboard.counts.beneficiaries} onMessage={setMessaging} onViewAccess={setViewing} />
        <SupportTeamCard members={dashboard.supportTeam} />
      </div>

      <MessageDialog
        key={messaging?.id ?? 'none'}
        beneficiary={messaging}
        onClose={() => setMessaging(null)}
        onSent={(text) => {
          setMessaging(null);
          setNotice({ tone: 'success', text });
          void revalidator.revalidate();
        }}
      />
      <AccessDialog key={viewing?.id ?? 'none'} beneficiary={viewing} onClose={() => setViewing(null)} />
      <TaskDetailDialog task={openTask} busy={completing} error={taskError} onClose={() => setOpenTask(null)} onComplete={(t) => void complete(t)} />
      <UploadDialog
        open={uploading !== null}
        folders={[]}
        onClose={() => setUploading(null)}
        onUploaded={async (doc) => {
          const task = uploading?.task ?? undefined;
          // The upload may have done the task already (a will ticks "Upload your will"): only a task
          // still pending after the reload is offered.
          await revalidator.revalidate();
          setNotice({ tone: 'success', text: `Uploaded “${doc.title}”.`, ...(task ? { task } : {}) });
        }}
      />
      <TaskDialog
        key={adding ?? 'closed'}
        open={adding !== null}
        task={null}
        onClose={() => setAdding(null)}
        onSaved={(t) => {
          setAdding(null);
          setNotice({ tone: 'success', text: `Added “${t.title}”.` });
          void revalidator.revalidate();
        }}
      />
    </div>
  );
}
