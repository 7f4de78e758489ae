import { useState, type ReactNode } from 'react';
import { CenteredPage } from './centered-page.tsx';

/** The token of an emailed link: in the fragment (`#token`), so it never reaches a server log. */
function tokenFromFragment(): string {
  return typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.replace(/^#/, ''));
}

/**
 * The token of the emailed link that opened this page, read once when the page opens: a form that
 * posts navigates to the same path without the fragment, and the token must outlive that.
 */
export function useEmailedLinkToken(): string {
  const [token] = useState(tokenFromFragment);
  return token;
}

interface EmailedLinkPageProps {
  /** From useEmailedLinkToken. */
  token: string;
  title: string;
  description?: ReactNode;
  footer?: ReactNode;
  /** What to do when the link arrived cut short ("Open the link from the email again, or …"). */
  incompleteHint: string;
  /** Once the link has done its work, the page shows only this, announced to screen readers. */
  done?: { title: string; body: ReactNode } | null | false;
  children: ReactNode;
}

/**
 * Every page an emailed single-use link opens (`/path#<token>`): the same frame, the same words for a
 * link cut short, the same confirmation once it is used. Opening the page never acts: a mail scanner
 * fetching the link changes nothing; the person's one deliberate press does.
 */
export function EmailedLinkPage({ token, title, description, footer, incompleteHint, done, children }: EmailedLinkPageProps) {
  if (done) {
    return (
      <CenteredPage title={done.title}>
        <div role="status" className="space-y-5 text-base text-stone-700">
          {done.body}
        </div>
      </CenteredPage>
    );
  }
  if (!token) {
    return (
      <CenteredPage title="This link is incomplete" footer={footer}>
        <p className="text-base text-stone-700">{incompleteHint}</p>
      </CenteredPage>
    );
  }
  return (
    <CenteredPage title={title} description={description} footer={footer}>
      {children}
    </CenteredPage>
  );
}
