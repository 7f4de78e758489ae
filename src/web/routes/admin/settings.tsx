import { useLoaderData } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { adminSettingsApi } from '../../features/admin-settings/api.ts';
import { GeneralSettingsForm } from '../../features/admin-settings/general-settings-form.tsx';

export function loader() {
  return adminSettingsApi.general();
}

/** Settings: the platform's system name and default time zone. */
export function Component() {
  const general = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <PageHeader title="Settings" description="Platform-wide settings. Security policy has its own screen." />
      <GeneralSettingsForm initial={general} />
    </div>
  );
}
