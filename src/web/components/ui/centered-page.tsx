import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from './logo.tsx';
import { DocumentTitle } from './document-title.tsx';

export interface CenteredPageProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Below the card, e.g. "No account yet? Create one". */
  footer?: ReactNode;
}

/** A single centred card with the logo above it: sign-in, sign-up, errors, "not allowed". */
export function CenteredPage({ title, description, children, footer }: CenteredPageProps) {
  return (
    <div className="flex min-h-full flex-col items-center px-4 py-12 sm:px-6 sm:py-16">
      <DocumentTitle title={title} />
      <header>
        <Link to="/" className="rounded-lg">
          <Logo />
        </Link>
      </header>
      <main id="main" className="mt-8 w-full max-w-md">
        <div className="rounded-xl bg-white px-6 py-8 shadow-xs ring-1 ring-stone-200 sm:px-8">
          <h1 className="text-2xl font-semibold tracking-tight text-stone-900">{title}</h1>
          {description && <div className="mt-2 text-base text-stone-600">{description}</div>}
          {children && <div className="mt-6">{children}</div>}
        </div>
        {footer && <div className="mt-6 text-center text-sm text-stone-600">{footer}</div>}
      </main>
    </div>
  );
}
