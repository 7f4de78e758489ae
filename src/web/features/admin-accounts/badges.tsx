import { chipClasses as chip } from '../../components/ui/estate-status-badge.tsx';
import { USER_STATUS_LABELS, type UserStatus } from '../../../core/admin-users.schemas.ts';
import { personaFor } from '../../../core/personas.ts';
import type { Role } from '../../../core/roles.ts';

const STATUS_TONE: Record<UserStatus, string> = {
  active: 'bg-green-50 text-green-800 ring-green-200',
  suspended: 'bg-red-50 text-red-800 ring-red-200',
  invited: 'bg-sky-50 text-sky-900 ring-sky-200',
};

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <span className={`${chip} ${STATUS_TONE[status]}`}>{USER_STATUS_LABELS[status]}</span>;
}

/** A demo persona or generated demo account: it signs in only in demo mode. */
export function DemoBadge() {
  return (
    <span className={`${chip} bg-amber-50 text-amber-900 ring-amber-200`} title="A demo account: it signs in only in demo mode">
      Demo
    </span>
  );
}

export const roleLabel = (role: Role) => personaFor(role).name;

export function RoleList({ roles }: { roles: Role[] }) {
  return <span>{roles.length ? roles.map(roleLabel).join(', ') : 'No role'}</span>;
}
