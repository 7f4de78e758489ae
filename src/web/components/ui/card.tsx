import { useId, type ReactNode } from 'react';

export interface CardProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A titled white card: the container every screen builds on. */
export function Card({ title, description, actions, children, className = '' }: CardProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-xl bg-white shadow-xs ring-1 ring-stone-200 ${className}`.trim()}
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-stone-100 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 id={titleId} className="text-base font-semibold text-stone-900">
            {title}
          </h2>
          {description && <div className="mt-1 text-sm text-stone-600">{description}</div>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </div>
      {children !== undefined && <div className="px-5 py-5 sm:px-6">{children}</div>}
    </section>
  );
}
