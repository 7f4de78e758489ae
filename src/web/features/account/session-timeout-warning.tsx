import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TSessionResponse } from '../../../core/auth.schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { api, onIdleRemaining, SESSION_PATH } from '../../lib/api.ts';
import { clearSession, signInHref, signOut } from '../../lib/session.ts';

/** The warning opens this long before the server would end an idle session. */
export const WARNING_SECONDS = 60;

/**
 * The idle-timeout warning: the server says after every signed-in answer how many seconds of
 * inactivity are left (x-session-idle-seconds); a minute before the end this asks the server again
 * (as background work, which does not count as activity — another tab may have been busy) and, if
 * the end is still that near, opens an alert dialog with a live countdown. "Stay signed in" makes
 * an ordinary call (activity); at zero the app goes to the sign-in page with a message.
 */
export function SessionTimeoutWarning() {
  const navigate = useNavigate();
  const location = useLocation();
  const [deadline, setDeadline] = useState<number | null>(null);
  const [warning, setWarning] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const here = useRef('');
  here.current = location.pathname + location.search;

  const expire = useCallback(() => {
    setWarning(false);
    clearSession();
    void navigate(signInHref(here.current, true));
  }, [navigate]);

  /** Ask the server how long is left, without counting as activity. */
  const check = useCallback(async () => {
    try {
      const session = await api.get<TSessionResponse>(SESSION_PATH, { background: true });
      if (!session.user) expire();
      else if (session.idleRemainingSeconds !== null && session.idleRemainingSeconds <= WARNING_SECONDS) setWarning(true);
    } catch {
      // Offline for a moment: the next answer's header reschedules.
    }
  }, [expire]);

  useEffect(() => {
    onIdleRemaining((seconds) => setDeadline(Date.now() + seconds * 1000));
    void check();
    // Back to the tab (or the computer woke up): timers may have been paused, so ask again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      onIdleRemaining(undefined);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [check]);

  // Before the warning: one timer for the moment it may be due.
  useEffect(() => {
    if (deadline === null || warning) return;
    const timer = window.setTimeout(() => void check(), Math.max(0, deadline - WARNING_SECONDS * 1000 - Date.now()));
    return () => window.clearTimeout(timer);
  }, [deadline, warning, check]);

  // During the warning: the countdown, and the end.
  useEffect(() => {
    if (!warning || deadline === null) return;
    setNow(Date.now());
    const tick = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) expire();
    }, 1000);
    return () => window.clearInterval(tick);
  }, [warning, deadline, expire]);

  async function stay() {
    setBusy(true);
    try {
      await api.get<TSessionResponse>(SESSION_PATH);
      setWarning(false);
    } catch {
      expire();
    } finally {
      setBusy(false);
    }
  }

  async function leave() {
    setBusy(true);
    try {
      await signOut();
    } finally {
      setWarning(false);
      void navigate('/sign-in');
    }
  }

  const seconds = deadline === null ? WARNING_SECONDS : Math.max(0, Math.ceil((deadline - now) / 1000));
  const announce = seconds === WARNING_SECONDS || seconds === 30 || seconds === 10;
  return (
    <Dialog
      open={warning}
      onClose={() => void stay()}
      role="alertdialog"
      title="Are you still there?"
      description={
        <span role="timer" aria-live="off">
          You will be signed out in {seconds} {seconds === 1 ? 'second' : 'seconds'}
        </span>
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => void leave()} disabled={busy}>
            Sign out
          </Button>
          <Button onClick={() => void stay()} loading={busy} data-autofocus>
            Stay signed in
          </Button>
        </>
      }
    >
      <p className="text-sm text-stone-600">For your security, {seconds > 0 ? 'we sign you out after a period of inactivity.' : 'you are being signed out.'}</p>
      <p className="sr-only" aria-live="assertive">
        {announce ? `You will be signed out in ${seconds} seconds.` : ''}
      </p>
    </Dialog>
  );
}
