import { useEffect, useState } from 'react';
import { endImpersonation } from '../../api/account';
import { useCurrentUser } from '../../app/currentUser';
import { safeRedirect } from '../sign-in';
import banner from './ImpersonationBanner.module.css';

export const END_FAILED = 'Error ending become user!';

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * Shown on every page while staff act as a user ("become user"): whom they are acting as, when
 * the session ends, and End, which goes back to the staff member's own session and to where
 * they came from (or reloads). On failure: the spec's alert.
 */
export function ImpersonationBanner() {
  const { user } = useCurrentUser();
  const [now, setNow] = useState(Date.now());
  const [ending, setEnding] = useState(false);
  useEffect(() => {
    if (!user?.impersonatorId) return;
    const t = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(t);
  }, [user?.impersonatorId]);
  if (!user?.impersonatorId) return null;

  const ends = user.impersonationEndsAt ? Date.parse(user.impersonationEndsAt) : null;
  const minutes = ends === null ? null : Math.max(0, Math.ceil((ends - now) / 60_000));
  const end = async () => {
    setEnding(true);
    try {
      // The server checks the return address too; a page never follows one it would not.
      const target = safeRedirect((await endImpersonation()).callbackUrl);
      if (target) window.location.assign(target);
      else window.location.reload();
    } catch {
      window.alert(END_FAILED);
      setEnding(false);
    }
  };

  return (
    <div className={banner.banner} role="region" aria-label="Impersonation">
      <span className={banner.icon} aria-hidden="true" />
      <p className={banner.text}>
        You are acting as{' '}
        <strong>
          {user.firstName} {user.lastName}
        </strong>{' '}
        ({user.email}). Everything you do is recorded with your name.
        {ends !== null && (
          <span className={banner.time}>
            {' '}
            Ends at {clock.format(new Date(ends))} ({minutes} min left).
          </span>
        )}
      </p>
      <button type="button" className={banner.end} onClick={() => void end()} disabled={ending}>
        {ending ? 'Ending…' : 'End'}
      </button>
    </div>
  );
}
