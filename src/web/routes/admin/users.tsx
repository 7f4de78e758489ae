import { UserPlusIcon, UsersIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { USER_STATUS_LABELS, USER_STATUSES, type TPlatformUser } from '../../../core/admin-users.schemas.ts';
import { ROLES } from '../../../core/roles.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { SelectField } from '../../components/ui/field.tsx';
import { LoadMoreFooter } from '../../components/ui/load-more-footer.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchFilterBar } from '../../components/ui/search-filter-bar.tsx';
import { AddUserDialog } from '../../features/admin-accounts/add-user-dialog.tsx';
import { adminAccountsApi } from '../../features/admin-accounts/api.ts';
import { roleLabel } from '../../features/admin-accounts/badges.tsx';
import { EditUserDialog } from '../../features/admin-accounts/edit-user-dialog.tsx';
import { UserList } from '../../features/admin-accounts/user-list.tsx';
import { searchParam } from '../../lib/query-params.ts';
import { getSession } from '../../lib/session.ts';
import { useLoadMore } from '../../lib/use-load-more.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const q = searchParam(params).slice(0, 100);
  const role = ROLES.find((r) => r === params.get('role'));
  const status = USER_STATUSES.find((s) => s === params.get('status'));
  const [page, session] = await Promise.all([adminAccountsApi.users({ q: q || undefined, role, status }), getSession()]);
  return { page, q, role: role ?? ('' as const), status: status ?? ('' as const), selfId: session.user?.id ?? '' };
}

/** Users: every account on the platform, searchable and filtered in the database; Add User and Edit. */
export function Component() {
  const { page, q, role, status, selfId } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const list = useLoadMore(page, `${q}|${role}|${status}`, (cursor) =>
    adminAccountsApi.users({ q: q || undefined, role: role || undefined, status: status || undefined, cursor }),
  );
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<TPlatformUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const filtered = Boolean(q || role || status);

  const changed = (user: TPlatformUser, text: string) => {
    list.replace(user);
    setNotice(text);
    void revalidator.revalidate();
  };

  return (
    <div className="space-y-8">
      <PageHeader
        title="Users"
        description="Everyone with an account, and the people invited to one. Demo accounts are marked."
        actions={
          <Button onClick={() => setAdding(true)}>
            <UserPlusIcon className="size-5" aria-hidden="true" />
            Add User
          </Button>
        }
      />
      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>
      <SearchFilterBar searchLabel="Search users by name or email" q={q} activeFilters={(role ? 1 : 0) + (status ? 1 : 0)}>
        <SelectField label="Role" name="role" defaultValue={role}>
          <option value="">All roles</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" name="status" defaultValue={status}>
          <option value="">All statuses</option>
          {USER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {USER_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </SearchFilterBar>
      <Card title="All Users" description={`${list.items.length} shown${list.nextCursor ? ', more to load' : ''}, newest first`}>
        {list.items.length === 0 ? (
          <EmptyState
            icon={UsersIcon}
            title={filtered ? 'No users match' : 'No users yet'}
            description={filtered ? 'Try other words, or clear the filters.' : 'Add a user to invite them by email.'}
          />
        ) : (
          <div className="space-y-6">
            <UserList users={list.items} onEdit={setEditing} />
            <LoadMoreFooter list={list} />
          </div>
        )}
      </Card>
      <AddUserDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(user) => changed(user, `An invitation was emailed to ${user.email}. They show as Invited until they accept it.`)}
      />
      <EditUserDialog
        user={editing}
        selfId={selfId}
        onClose={() => setEditing(null)}
        onSaved={(user, text) => {
          setEditing(null);
          changed(user, text);
        }}
      />
    </div>
  );
}
