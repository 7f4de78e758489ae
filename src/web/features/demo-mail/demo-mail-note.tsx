import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { getSession } from '../../lib/session.ts';

/** On a "Check your email" page of the demo, where that email can be read: no mail leaves a demo. */
export function DemoMailNote({ to }: { to: string }) {
  const [demo, setDemo] = useState(false);
  useEffect(() => {
    let live = true;
    void getSession().then((s) => live && setDemo(s.demoMode));
    return () => {
      live = false;
    };
  }, []);
  if (!demo) return null;
  return (
    <p>
      This is a demo, so no email leaves this server:{' '}
      <Link to={`/mail?${new URLSearchParams({ to }).toString()}`} className="font-semibold text-accent-text underline">
        read it in Mail
      </Link>
      .
    </p>
  );
}
