import { CheckCircleIcon } from '@heroicons/react/24/solid';
import { Link } from 'react-router';
import type { TDashboard } from '../../../core/dashboard.schemas.ts';
import { Card } from '../../components/ui/card.tsx';

/**
 * Getting Started: the onboarding checklist. Each step ticks itself off when the estate's data
 * shows it done (the server decides); an open step links to where it is done.
 */
export function ChecklistCard({ checklist }: Pick<TDashboard, 'checklist'>) {
  const done = checklist.filter((i) => i.done).length;
  return (
    <Card title="Getting Started" description={`${done} of ${checklist.length} steps done`}>
      <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2" aria-label="Onboarding checklist">
        {checklist.map((item) => (
          <li key={item.key} className="flex items-center gap-3 text-sm">
            {item.done ? (
              <>
                <CheckCircleIcon aria-hidden="true" className="size-5 shrink-0 text-green-700" />
                <span className="text-stone-600">
                  <span className="line-through decoration-stone-400">{item.label}</span>
                  <span className="sr-only"> — done</span>
                </span>
              </>
            ) : (
              <>
                <span aria-hidden="true" className="size-5 shrink-0 rounded-full border-2 border-stone-300" />
                <Link to={item.href} className="font-medium text-accent-text hover:underline">
                  {item.label}
                  <span className="sr-only"> — not done yet</span>
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
