import type { TActivity } from '../../../core/planner.schemas.ts';
import { Avatar } from '../../components/ui/avatar.tsx';
import { initialsOf } from '../../../core/names.ts';
import { timeAgo } from '../../lib/dates.ts';

/** Recent Activity: person, action, time (wireframe "Activity"). */
export function ActivityList({ activity }: { activity: TActivity[] }) {
  return (
    <ul aria-label="Recent activity" className="space-y-4">
      {activity.map((a) => (
        <li key={a.id} className="flex items-start gap-3">
          <Avatar initials={initialsOf(a.person)} size="sm" />
          <div className="min-w-0 text-sm">
            <p className="text-stone-900">
              <span className="font-semibold">{a.person}</span> {a.action}
            </p>
            <p className="text-stone-500">
              <time dateTime={a.at}>{timeAgo(a.at)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
