import { Link, useLoaderData } from 'react-router';
import type { TReleasePlan } from '../../../core/release-plan.schemas.ts';
import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { releasePlanApi } from '../../features/release-plan/api.ts';
import { PLAN_SECTIONS, planTimeline } from '../../features/release-plan/plan-sections.tsx';

export async function loader(): Promise<{ plan: TReleasePlan }> {
  return { plan: await releasePlanApi.get() };
}

/** Release plan: what happens to whom if the owner dies or becomes incapacitated, read from the rules that will run. */
export function Component() {
  const { plan } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <PageHeader
        title="Release plan"
        description={
          <>
            Exactly what happens, and to whom, if you die{plan.reportEvents.includes('incapacity') ? ' or become incapacitated' : ''} — so you can check it now. Change it in{' '}
            <Link to="/estate-owner/settings" className="font-semibold text-accent-text underline-offset-2 hover:underline">
              Account Settings
            </Link>
            ,{' '}
            <Link to="/estate-owner/beneficiaries" className="font-semibold text-accent-text underline-offset-2 hover:underline">
              Beneficiaries
            </Link>{' '}
            and{' '}
            <Link to="/estate-owner/digital-assets" className="font-semibold text-accent-text underline-offset-2 hover:underline">
              Digital Assets
            </Link>
            .
          </>
        }
      />
      <Card title="Timeline" description="In order, from the first report.">
        <ol className="relative space-y-6 border-l-2 border-stone-200 pl-6">
          {planTimeline(plan).map((step, i) => (
            <li key={i} className="relative">
              <span aria-hidden="true" className="absolute top-1.5 -left-[1.95rem] size-3 rounded-full bg-accent-solid ring-4 ring-white" />
              <p className="text-sm font-semibold text-accent-text">{step.when}</p>
              <p className="mt-0.5 break-words text-stone-800">{step.what}</p>
            </li>
          ))}
        </ol>
      </Card>
      {PLAN_SECTIONS.map((section) => (
        <Card key={section.id} title={section.title}>
          <div className="space-y-2">{section.render(plan)}</div>
        </Card>
      ))}
    </div>
  );
}
