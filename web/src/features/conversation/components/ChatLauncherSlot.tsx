import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentUser } from '../../../app/currentUser';

/** Spec section 9: the chat launcher appears 3 s after the page loads. */
export const CHAT_LAUNCHER_DELAY_MS = 3000;

const LeadChatLauncher = lazy(() => import('./LeadChatLauncher').then((m) => ({ default: m.LeadChatLauncher })));

/**
 * A tiny placeholder on public pages: after 3 s, for a signed-in lead, it loads the launcher
 * (its code, the chat and socket.io come only then), which shows itself when the lead has an
 * agent. Visitors and agents never load it.
 */
export function ChatLauncherSlot({ pathname }: { pathname: string }) {
  const [due, setDue] = useState(false);
  const { user } = useCurrentUser();
  useEffect(() => {
    const t = setTimeout(() => setDue(true), CHAT_LAUNCHER_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  if (!due || user?.securityLevel !== 5 || pathname.startsWith('/dashboard')) return null;
  return (
    <Suspense fallback={null}>
      <LeadChatLauncher />
    </Suspense>
  );
}
