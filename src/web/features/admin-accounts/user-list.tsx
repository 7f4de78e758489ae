import { TableHead } from '../../components/ui/table-head.tsx';
import type { TPlatformUser } from '../../../core/admin-users.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatDate, timeAgo } from '../../lib/dates.ts';
import { DemoBadge, RoleList, UserStatusBadge } from './badges.tsx';

function LastActive({ user }: { user: TPlatformUser }) {
  if (user.status === 'invited') {
    const open = user.invitationExpiresAt && new Date(user.invitationExpiresAt) > new Date();
    return <>{open ? `Invited, link open until ${formatDate(user.invitationExpiresAt!)}` : 'Invitation expired'}</>;
  }
  return <>{user.lastActiveAt ? timeAgo(user.lastActiveAt) : 'Never'}</>;
}

function Name({ user }: { user: TPlatformUser }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-semibold text-stone-900">{user.name}</span>
      {user.isDemo && <DemoBadge />}
    </span>
  );
}

/** The wireframe's users table (name, role, status, last active, Edit) on wide screens; cards on narrow ones. */
export function UserList({ users, onEdit }: { users: TPlatformUser[]; onEdit: (user: TPlatformUser) => void }) {
  const edit = (u: TPlatformUser) => (
    <Button size="sm" variant="secondary" onClick={() => onEdit(u)}>
      Edit<span className="sr-only"> {u.name}</span>
    </Button>
  );
  return (
    <>
      <div className="hidden lg:block">
        <table className="min-w-full text-left text-sm">
          <TableHead caption="Users" columns={[{ label: 'Name' }, { label: 'Role' }, { label: 'Status' }, { label: 'Last Active' }, { label: '', className: 'text-right' }]} />
          <tbody className="divide-y divide-stone-100">
            {users.map((u) => (
              <tr key={u.id} className="align-middle">
                <th scope="row" className="py-3 pr-2 font-normal">
                  <Name user={u} />
                  <span className="block text-stone-600">{u.email}</span>
                </th>
                <td className="px-2 py-3 text-stone-700">
                  <RoleList roles={u.roles} />
                </td>
                <td className="px-2 py-3">
                  <UserStatusBadge status={u.status} />
                </td>
                <td className="px-2 py-3 text-stone-700">
                  <LastActive user={u} />
                </td>
                <td className="py-3 pl-2 text-right">{edit(u)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-4 sm:grid-cols-2 lg:hidden" aria-label="Users">
        {users.map((u) => (
          <li key={u.id} className="flex min-w-0 flex-col gap-3 rounded-xl p-4 ring-1 ring-stone-200">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="min-w-0">
                <Name user={u} />
              </h3>
              <UserStatusBadge status={u.status} />
            </div>
            <p className="text-sm break-all text-stone-600">{u.email}</p>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div>
                <dt className="text-stone-500">Role</dt>
                <dd className="text-stone-900">
                  <RoleList roles={u.roles} />
                </dd>
              </div>
              <div>
                <dt className="text-stone-500">Last Active</dt>
                <dd className="text-stone-900">
                  <LastActive user={u} />
                </dd>
              </div>
            </dl>
            <div className="mt-auto">{edit(u)}</div>
          </li>
        ))}
      </ul>
    </>
  );
}
