import {
  ArrowDownTrayIcon,
  CalendarDaysIcon,
  ChatBubbleLeftRightIcon,
  ClipboardDocumentCheckIcon,
  DocumentMagnifyingGlassIcon,
  EnvelopeOpenIcon,
  TableCellsIcon,
} from '@heroicons/react/24/outline';
import { Link, useLoaderData } from 'react-router';
import { CONVERSATION_GUIDE_SLUG, INVITATION_TEMPLATE_PURPOSES } from '../../../core/planner-tools.schemas.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { plannerToolsApi } from '../../features/planner-tools/api.ts';
import { ClientFileTool } from '../../features/planner-tools/client-file-tool.tsx';
import { ToolCard } from '../../features/planner-tools/tool-card.tsx';

export function loader() {
  return plannerToolsApi.clients();
}

/** Assistance Tools: six resource cards, each doing something real for a loved one. */
export function Component() {
  const clients = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <PageHeader title="Assistance Tools" description="Checklists, worksheets and guides to help your loved ones build their legacy — made from their own progress." />
      <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <ToolCard
          icon={ClipboardDocumentCheckIcon}
          title="Legacy Checklist"
          description="A printable checklist of what is done and what is left in each area, with open tasks. Progress only — never their documents or memories."
        >
          <ClientFileTool first={clients} href={plannerToolsApi.checklistHref} downloadLabel="Download Checklist (PDF)" />
        </ToolCard>
        <ToolCard
          icon={DocumentMagnifyingGlassIcon}
          title="Document Gathering Worksheet"
          description="What to gather — will, power of attorney, deeds, insurance, pensions, statements, certificates — with how many they have stored in each category."
        >
          <ClientFileTool first={clients} href={plannerToolsApi.worksheetHref} downloadLabel="Download Worksheet (PDF)" />
        </ToolCard>
        <ToolCard
          icon={ChatBubbleLeftRightIcon}
          title="Conversation Guide"
          description="How to start the conversation about legacy planning with a parent or relative, with openings that work. Print it to take along."
        >
          <Link to={`/legacy-planner/resources/${CONVERSATION_GUIDE_SLUG}`} className={buttonClasses('secondary')}>
            Open the guide
          </Link>
        </ToolCard>
        <ToolCard
          icon={CalendarDaysIcon}
          title="Appointment Booker"
          description="Book an initial consultation, document organisation, memory recording or family meeting with a loved one."
        >
          <Link to="/legacy-planner/appointments?schedule=1" className={buttonClasses('secondary')}>
            Book an appointment
          </Link>
        </ToolCard>
        <ToolCard
          icon={TableCellsIcon}
          title="Client Progress Export"
          description="A spreadsheet of all your loved ones: name, email, phone, progress and when they were last active."
        >
          <a href={plannerToolsApi.progressCsvHref()} download className={buttonClasses('primary')}>
            <ArrowDownTrayIcon aria-hidden="true" className="size-5" />
            Download CSV
          </a>
        </ToolCard>
        <ToolCard
          icon={EnvelopeOpenIcon}
          className="md:col-span-2 xl:col-span-3"
          title="Invitation Templates" description="Ready-made invitations for the people you help. Pick one to start an invitation with its text.">
          <ul className="grid gap-x-8 gap-y-4 sm:grid-cols-2 xl:grid-cols-3">
            {INVITATION_TEMPLATE_PURPOSES.map((t) => (
              <li key={t.name} className="flex flex-col gap-1 rounded-lg p-3 ring-1 ring-stone-200">
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-stone-900">{t.name}</span>
                  <span className="block text-sm text-stone-600">{t.purpose}</span>
                </span>
                <Link
                  to={`/legacy-planner/loved-ones/invite?template=${encodeURIComponent(t.name)}`}
                  className="mt-auto pt-1 text-sm font-medium text-accent-text underline"
                  aria-label={`Use this template: ${t.name}`}
                >
                  Use this template
                </Link>
              </li>
            ))}
          </ul>
        </ToolCard>
      </ul>
    </div>
  );
}
