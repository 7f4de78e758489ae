import type { ReactNode } from 'react';
import type { IconComponent } from './icons.ts';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: IconComponent;
  /** The next thing to do, e.g. an "Add …" button. */
  action?: ReactNode;
}

export function EmptyState({ title, description, icon: Icon, action }: EmptyStateProps) {
  return (
    <div className="rounded-xl border-2 border-dashed border-stone-200 px-6 py-12 text-center">
      {Icon && <Icon aria-hidden="true" className="mx-auto size-10 text-stone-400" />}
      <p className="mt-3 text-base font-semibold text-stone-900">{title}</p>
      {description && <div className="mx-auto mt-1 max-w-md text-sm text-stone-600">{description}</div>}
      {action && <div className="mt-6 flex justify-center">{action}</div>}
    </div>
  );
}
