import { useCallback, useEffect, useRef, useState } from 'react';
import { loadCurrentUser } from '../../../app/currentUser';
import { type Push, useRealtime } from '../../../api/realtime';
import { ChatPanel, type Subscribe } from './ChatPanel';
import { dashboardApi } from '../../../api/dashboardApi';
import styles from './LeadChatLauncher.module.css';

/**
 * The lead's side of the chat on the public site: a launcher for a signed-in lead (level 5)
 * whose lead on this site exists, with an unread count; it opens the chat with their agent.
 */
export function LeadChatLauncher() {
  const [ready, setReady] = useState<{ me: string; agent: string | null; unread: number } | null>(null);
  // A web push of the agent's reply opens the site at ?chat=1: the chat opens with it.
  const [open, setOpen] = useState(() => new URLSearchParams(window.location.search).get('chat') === '1');
  const [unread, setUnread] = useState(0);
  const listeners = useRef(new Set<(p: Push) => void>());
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    let live = true;
    loadCurrentUser()
      .then((me) => (me?.securityLevel === 5 ? dashboardApi.getChat() : null))
      .then((chat) => {
        if (!live || !chat) return;
        setReady({ me: chat.me, agent: chat.agent?.fullName ?? null, unread: chat.unread });
        setUnread(chat.unread);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const onPush = useCallback(
    (p: Push) => {
      if (p.name === 'chat.message' && ready && p.payload.toUserId === ready.me && !openRef.current) setUnread((n) => n + 1);
      for (const fn of listeners.current) fn(p);
    },
    [ready],
  );
  useRealtime(['chat.message', 'chat.read'], onPush, () => undefined, ready !== null);
  const subscribe: Subscribe = useCallback((fn) => {
    listeners.current.add(fn);
    return () => listeners.current.delete(fn);
  }, []);

  // Pages with controls in the bottom-right corner (the map's zoom buttons) lift them clear of the dock.
  useEffect(() => {
    if (!ready) return;
    document.body.dataset.chatDock = '';
    return () => void delete document.body.dataset.chatDock;
  }, [ready]);

  if (!ready) return null;
  return (
    <div className={styles.dock}>
      {open && (
        <div className={styles.window} id="lead-chat">
          <ChatPanel subscribe={subscribe} heading="Chat with your agent" onUnreadChange={() => setUnread(0)} onClose={() => setOpen(false)} />
        </div>
      )}
      <button type="button" className={styles.launcher} aria-expanded={open} aria-controls="lead-chat" onClick={() => setOpen((o) => !o)}>
        <span aria-hidden="true">💬</span> {ready.agent ? `Chat with ${ready.agent.split(' ')[0]}` : 'Chat with your agent'}
        {unread > 0 && !open && (
          <span className={styles.badge} aria-label={`${unread} unread`}>
            {unread}
          </span>
        )}
      </button>
    </div>
  );
}
