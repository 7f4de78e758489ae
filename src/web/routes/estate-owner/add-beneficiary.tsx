import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation, type ActionFunctionArgs } from 'react-router';
import { ZCreateBeneficiaryRequest, type TAccess } from '../../../core/beneficiaries.schemas.ts';
import { ACCESS_FLAGS, DEFAULT_ACCESS } from '../../../core/constants.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorsFromIssues, type FieldErrors } from '../../lib/form.ts';
import { AccessCheckboxes } from '../../features/beneficiaries/access-checkboxes.tsx';
import { beneficiariesApi, supportTeamApi } from '../../features/beneficiaries/api.ts';
import { BeneficiaryFields, readBeneficiaryFields } from '../../features/beneficiaries/beneficiary-fields.tsx';
import { MemberStatusBadge } from '../../features/beneficiaries/status-badge.tsx';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes.ts';
import { AddingScreen } from '../../components/ui/estate-frozen.tsx';

export async function loader() {
  return { members: (await supportTeamApi.list()).members };
}

interface AddResult {
  error?: string | undefined;
  fields?: FieldErrors | undefined;
}

export async function action({ request }: ActionFunctionArgs): Promise<AddResult | Response> {
  const form = await request.formData();
  const access = Object.fromEntries(ACCESS_FLAGS.map((f) => [f, form.get(f) === 'on'])) as TAccess;
  const parsed = ZCreateBeneficiaryRequest.safeParse({ ...readBeneficiaryFields(form), access });
  if (!parsed.success) return { fields: fieldErrorsFromIssues(parsed.error.issues) };
  try {
    const created = await beneficiariesApi.create(parsed.data);
    return redirect(`/estate-owner/beneficiaries?added=${encodeURIComponent(created.name)}`);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { error: e.message, fields: e.fields };
  }
}

export function Component() {
  return (
    <AddingScreen list="/estate-owner/beneficiaries">
      <AddBeneficiary />
    </AddingScreen>
  );
}

function AddBeneficiary() {
  const { members } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === 'submitting';
  const [access, setAccess] = useState<TAccess>({ ...DEFAULT_ACCESS });
  const fields = result?.fields ?? {};

  return (
    <div className="space-y-8">
      <Link to="/estate-owner/beneficiaries" className="inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-stone-900">
        <ArrowLeftIcon aria-hidden="true" className="size-4" />
        Back to Beneficiaries
      </Link>
      <PageHeader title="Add Beneficiary" description="We email them an invitation to create their account, so they can see what you share with them." />
      <div className="grid gap-8 lg:grid-cols-3">
        <Form ref={useUnsavedChangesGuard()} method="post" noValidate className="space-y-8 lg:col-span-2" aria-label="Add Beneficiary">
          {result?.error && <Alert tone="error">{result.error}</Alert>}
          <Card title="Beneficiary Information">
            <BeneficiaryFields fields={fields} />
          </Card>
          <Card title="Access Permissions" description="Choose what this person may see. You can change it at any time.">
            <AccessCheckboxes
              idPrefix="new-access"
              access={access}
              describe
              legend="Access permissions"
              hideLegend
              onChange={(flag, on) => setAccess((a) => ({ ...a, [flag]: on }))}
            />
          </Card>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link to="/estate-owner/beneficiaries" className={buttonClasses('secondary')}>
              Cancel
            </Link>
            <Button type="submit" loading={submitting}>
              Add Beneficiary
            </Button>
          </div>
        </Form>
        <aside className="lg:col-span-1">
          <Card title="Your Support Team" description="They help you and your beneficiaries when the time comes.">
            {members.length === 0 ? (
              <p className="text-sm text-stone-600">
                Nobody yet. Add a legacy planner or estate administrator on the{' '}
                <Link to="/estate-owner/beneficiaries" className="font-medium text-accent-text underline">
                  Beneficiaries page
                </Link>
                .
              </p>
            ) : (
              <ul className="space-y-4">
                {members.map((m) => (
                  <li key={m.id} className="flex items-start gap-3">
                    <Avatar initials={m.initials} />
                    <div className="min-w-0 text-sm">
                      <p className="font-semibold text-stone-900">{m.name}</p>
                      <p className="text-stone-600">{m.roleLabel}</p>
                      <p className="truncate text-stone-600">{m.email}</p>
                      {m.phone && <p className="text-stone-600">{m.phone}</p>}
                      {m.status === 'invited' && (
                        <div className="mt-1">
                          <MemberStatusBadge status={m.status} />
                        </div>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </aside>
      </div>
    </div>
  );
}
