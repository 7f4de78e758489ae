import { Link } from 'react-router';
import { linkify, type TDemoMail } from '../../../core/demo-mail.schemas.ts';

const linkClasses = 'break-all font-medium text-accent-text underline underline-offset-2 hover:no-underline';

/**
 * A mail's plain text as React text nodes, its web links as anchors: the stored HTML is never
 * rendered. Links to this site open inside the app (the demo may run on another host than the one
 * the mail names), others in a new tab.
 */
export function MailText({ mail }: { mail: TDemoMail }) {
  return (
    <div className="text-sm leading-6 whitespace-pre-wrap text-stone-800">
      {linkify(mail.text).map((part, i) => {
        if (!part.href) return <span key={i}>{part.text}</span>;
        if (part.href.startsWith(`${mail.siteUrl}/`)) {
          return (
            <Link key={i} to={part.href.slice(mail.siteUrl.length)} className={linkClasses}>
              {part.text}
            </Link>
          );
        }
        return (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className={linkClasses}>
            {part.text}
          </a>
        );
      })}
    </div>
  );
}
