import { Link } from 'react-router';
import { buttonClasses } from './button.tsx';
import { EmptyState } from './empty-state.tsx';
import { PageHeader } from './page-header.tsx';

/** "Not found" inside an area (an id that is not there, or not the viewer's): a heading, why, and a way back. */
export function NotFoundPage({ title, description, why, back }: { title: string; description: string; why: string; back: { to: string; label: string } }) {
  return (
    <div className="space-y-8">
      <PageHeader title={title} description={description} />
      <EmptyState
        title="Nothing to show here"
        description={why}
        action={
          <Link to={back.to} className={buttonClasses('primary')}>
            {back.label}
          </Link>
        }
      />
    </div>
  );
}
