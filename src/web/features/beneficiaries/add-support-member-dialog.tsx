import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { SUPPORT_TEAM_ROLE_LABELS, SUPPORT_TEAM_ROLES } from '../../../core/constants.ts';
import { ZInviteSupportMemberRequest, type TAvailablePlanner, type TSupportMember } from '../../../core/support-team.schemas.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { SelectField, TextField } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsFromIssues } from '../../lib/form.ts';
import { useAction } from '../../lib/use-action.ts';
import { supportTeamApi } from './api.ts';

const tabClasses =
  'rounded-md px-3 py-1.5 text-sm font-semibold text-stone-600 data-hover:text-stone-900 data-selected:bg-white data-selected:text-stone-900 data-selected:shadow-xs focus:outline-none data-focus:outline-2 data-focus:outline-accent-solid';

function InviteForm({ onAdded }: { onAdded: (m: TSupportMember, how: string) => void }) {
  const { busy, error, fields, setFields, run } = useAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = ZInviteSupportMemberRequest.safeParse({
      role: String(form.get('role') ?? ''),
      name: String(form.get('name') ?? ''),
      email: String(form.get('email') ?? ''),
      phone: String(form.get('phone') ?? ''),
    });
    if (!parsed.success) {
      setFields(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    await run(async () => {
      const m = await supportTeamApi.invite(parsed.data);
      onAdded(m, `Invitation sent to ${m.email}.`);
    });
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5" aria-label="Invite by email">
      {error && <Alert tone="error">{error}</Alert>}
      <SelectField label="Role" name="role" defaultValue="legacy-planner" error={fields.role}>
        {SUPPORT_TEAM_ROLES.map((r) => (
          <option key={r} value={r}>
            {SUPPORT_TEAM_ROLE_LABELS[r]}
          </option>
        ))}
      </SelectField>
      <TextField label="Full name" name="name" autoComplete="off" error={fields.name} maxLength={120} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Email" name="email" type="email" autoComplete="off" error={fields.email} />
        <TextField label="Phone" name="phone" type="tel" autoComplete="off" optional error={fields.phone} />
      </div>
      <p className="text-sm text-stone-600">We email them a link to create their account (or sign in) and join your support team.</p>
      <div className="flex justify-end">
        <Button type="submit" loading={busy}>
          Send Invitation
        </Button>
      </div>
    </form>
  );
}

function PlannerPicker({ onAdded }: { onAdded: (m: TSupportMember, how: string) => void }) {
  const [planners, setPlanners] = useState<TAvailablePlanner[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    supportTeamApi
      .availablePlanners()
      .then((r) => live && setPlanners(r.planners))
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e.message : 'Could not load the planners.'));
    return () => {
      live = false;
    };
  }, []);

  async function add(p: TAvailablePlanner) {
    setAdding(p.id);
    setError(null);
    try {
      const m = await supportTeamApi.addPlanner(p.id);
      onAdded(m, `${p.name} is now your legacy planner. We let them know.`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.message);
    } finally {
      setAdding(null);
    }
  }

  if (error) return <Alert tone="error">{error}</Alert>;
  if (!planners) {
    return (
      <div role="status" className="flex justify-center py-8 text-stone-500">
        <Spinner className="size-6" />
        <span className="sr-only">Loading planners…</span>
      </div>
    );
  }
  if (planners.length === 0) {
    return <p className="text-sm text-stone-600">No legacy planners have made their profile public yet. Invite one by email instead.</p>;
  }
  return (
    <ul className="divide-y divide-stone-100" aria-label="Legacy planners with a public profile">
      {planners.map((p) => (
        <li key={p.id} className="flex items-center gap-3 py-3">
          <Avatar initials={p.initials} />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-stone-900">{p.name}</p>
            <p className="truncate text-sm text-stone-600">{p.email}</p>
          </div>
          {p.onTeam ? (
            <span className="text-sm text-stone-600">On your team</span>
          ) : (
            <Button size="sm" loading={adding === p.id} onClick={() => void add(p)} aria-label={`Add ${p.name}`}>
              Add
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Add a legacy planner or estate administrator: by email invitation, or from the planners who made their profile public. */
export function AddSupportMemberDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (m: TSupportMember, how: string) => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Add Support Team Member" description="Add a new legacy planner or estate administrator.">
      <TabGroup>
        <TabList className="inline-flex rounded-lg bg-stone-100 p-1">
          <Tab className={tabClasses}>Invite by email</Tab>
          <Tab className={tabClasses}>Choose a planner</Tab>
        </TabList>
        <TabPanels className="mt-5">
          <TabPanel>
            <InviteForm onAdded={onAdded} />
          </TabPanel>
          <TabPanel>
            <PlannerPicker onAdded={onAdded} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </Dialog>
  );
}
