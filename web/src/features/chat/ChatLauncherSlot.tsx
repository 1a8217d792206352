import { lazy, Suspense, useEffect, useState } from 'react';

/** Spec section 9: the chat launcher appears 3 s after the page loads. */
export const CHAT_LAUNCHER_DELAY_MS = 3000;

const LeadChatLauncher = lazy(() => import('./LeadChatLauncher').then((m) => ({ default: m.LeadChatLauncher })));

/**
 * A tiny placeholder on public pages: after 3 s it loads the launcher (its code, the chat and
 * socket.io come only then), which shows itself only to a signed-in lead with an agent.
 */
export function ChatLauncherSlot({ pathname }: { pathname: string }) {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setDue(true), CHAT_LAUNCHER_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  if (!due || pathname.startsWith('/dashboard')) return null;
  return (
    <Suspense fallback={null}>
      <LeadChatLauncher />
    </Suspense>
  );
}
