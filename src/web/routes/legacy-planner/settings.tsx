import { useLoaderData } from 'react-router';
import { EmailAddressCard } from '../../features/account/email-address-card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { settingsApi } from '../../features/settings/api.ts';
import { PlannerSettingsForm } from '../../features/settings/planner-settings-form.tsx';

export function loader() {
  return settingsApi.get();
}

/** Settings: profile visibility, email notifications for new appointments, time zone, preferred contact method. */
export function Component() {
  const settings = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <PageHeader title="Settings" description="How owners find you, how you hear about new appointments, and how your times are shown." />
      <div className="xl:w-1/2 xl:pr-4">
        <EmailAddressCard />
      </div>
      <PlannerSettingsForm initial={settings} />
    </div>
  );
}
