import type { ReactNode } from 'react';
import type { IconComponent } from '../../components/ui/icons.ts';

/** One Assistance Tools card: icon, name, what it does, and its action(s) at the bottom. */
export function ToolCard({
  icon: Icon,
  title,
  description,
  children,
  className = '',
}: {
  icon: IconComponent;
  title: string;
  description: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <li className={`flex flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-stone-200 sm:p-6 ${className}`.trim()}>
      <div className="flex items-start gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-soft">
          <Icon aria-hidden="true" className="size-6 text-accent-text" />
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-stone-900">{title}</h2>
          <p className="mt-1 text-sm text-stone-600">{description}</p>
        </div>
      </div>
      <div className="mt-auto pt-5">{children}</div>
    </li>
  );
}
