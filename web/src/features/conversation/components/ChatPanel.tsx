import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/http';
import type { Push } from '../../../api/realtime';
import { dashboardApi } from '../../../api/dashboardApi';
import type { Chat, ChatMessage } from '../../../../../src/contract/chat';
import { relativeTime } from '../../../lib/dashboardFormat';
import { EmojiPicker } from './EmojiPicker';
import styles from './ChatPanel.module.css';

export type Subscribe = (fn: (p: Push) => void) => () => void;
type Shown = ChatMessage & { readonly pending?: boolean };

/**
 * One chat between a lead and its agent, for either side: the agent names the lead, the lead
 * leaves it out (their lead on this site). New messages and read receipts arrive over the socket;
 * what this side reads is reported at once. Text is rendered as text, never as HTML.
 */
/** `onClose`: shows a 'Close chat' button in the corner (the dashboard's column, the lead's chat window). */
export function ChatPanel({
  leadId,
  subscribe,
  heading,
  onUnreadChange,
  onClose,
}: {
  leadId?: string;
  subscribe: Subscribe;
  /** The heading until the chat is loaded; then it names the other side. */
  heading: string;
  onUnreadChange?: (n: number) => void;
  onClose?: () => void;
}) {
  const [chat, setChat] = useState<Chat | null>(null);
  const [messages, setMessages] = useState<readonly Shown[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [emoji, setEmoji] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const inputId = useId();
  const me = chat?.me;

  const load = useCallback(() => {
    dashboardApi
      .getChat(leadId)
      .then((c) => {
        setChat(c);
        setMessages(c.messages);
        setError(null);
      })
      .catch((err: unknown) => setError(err instanceof ApiError ? err.message : 'The chat could not be loaded'));
  }, [leadId]);
  useEffect(load, [load]);

  // Reading: everything sent to me that is on screen.
  useEffect(() => {
    if (!chat?.canSend || !me) return;
    const unread = messages.filter((m) => m.toUserId === me && !m.readAt);
    onUnreadChange?.(0);
    const last = unread.at(-1);
    if (!last) return;
    setMessages((ms) => ms.map((m) => (m.toUserId === me && !m.readAt ? { ...m, readAt: new Date().toISOString() } : m)));
    void dashboardApi.read(last.messageId, leadId).catch(() => undefined);
  }, [messages, chat, me, leadId, onUnreadChange]);

  useEffect(
    () =>
      subscribe((p) => {
        const x = p.payload;
        if (!chat || x.leadId !== chat.leadId) return;
        if (p.name === 'chat.message') {
          const m: ChatMessage = {
            messageId: String(x.messageId),
            fromUserId: String(x.fromUserId),
            toUserId: String(x.toUserId),
            text: String(x.text),
            at: String(x.at),
            readAt: null,
          };
          setMessages((ms) =>
            ms.some((o) => o.messageId === m.messageId) ? ms.map((o) => (o.messageId === m.messageId ? { ...o, pending: false } : o)) : [...ms, m],
          );
        } else if (p.name === 'chat.read' && x.readerId !== chat.me) {
          setMessages((ms) => {
            const upTo = ms.findIndex((m) => m.messageId === x.upToMessageId);
            return ms.map((m, i) => (i <= upTo && m.fromUserId === chat.me && !m.readAt ? { ...m, readAt: String(x.at) } : m));
          });
        }
      }),
    [subscribe, chat],
  );

  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  const send = (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body || !chat || !me) return;
    const messageId = crypto.randomUUID();
    const to = chat.me === chat.lead.userId ? (chat.agent?.userId ?? '') : chat.lead.userId;
    setMessages((ms) => [...ms, { messageId, fromUserId: me, toUserId: to, text: body, at: new Date().toISOString(), readAt: null, pending: true }]);
    setText('');
    setEmoji(false);
    dashboardApi
      .send(body, messageId, leadId)
      .then(() => setMessages((ms) => ms.map((m) => (m.messageId === messageId ? { ...m, pending: false } : m))))
      .catch((err: unknown) => {
        setMessages((ms) => ms.filter((m) => m.messageId !== messageId));
        setText(body);
        setError(err instanceof ApiError ? err.message : 'The message was not sent');
      });
  };

  const lastMine = [...messages].reverse().find((m) => m.fromUserId === me);
  const other = chat ? (chat.me === chat.lead.userId ? (chat.agent?.fullName ?? 'your agent') : chat.lead.fullName) : '';
  // One heading that names the other side once known ('Chat with Jane Agent'), never 'Chat with your agent with Jane Agent'.
  const title = chat ? `Chat with ${other}` : heading;
  return (
    <section className={styles.panel} aria-label={title}>
      {onClose && (
        <button type="button" className={styles.close} aria-label="Close chat" onClick={onClose}>
          ×
        </button>
      )}
      <header className={styles.head}>
        <h2>{title}</h2>
      </header>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {/* Focusable, so that the scrolling list can be read and scrolled from the keyboard. */}
      <ol ref={list} className={styles.messages} aria-live="polite" aria-label="Messages" tabIndex={0}>
        {chat && messages.length === 0 && <li className={styles.emptyChat}>No messages yet. Say hello!</li>}
        {messages.map((m) => (
          <li key={m.messageId} className={m.fromUserId === me ? styles.mine : styles.theirs} data-testid="chat-message">
            <p className={styles.text}>{m.text}</p>
            <span className={styles.meta}>
              <time dateTime={m.at} title={new Date(m.at).toLocaleString()}>
                {relativeTime(m.at)}
              </time>
              {m === lastMine && <span className={styles.receipt}>{m.pending ? 'Sending…' : m.readAt ? 'Seen' : 'Sent'}</span>}
            </span>
          </li>
        ))}
      </ol>
      {chat?.canSend ? (
        <form className={styles.compose} onSubmit={send}>
          <div className={styles.emojiWrap}>
            <button type="button" className={styles.iconButton} aria-label="Insert emoji" aria-expanded={emoji} onClick={() => setEmoji((o) => !o)}>
              <span aria-hidden="true">☺</span>
            </button>
            {emoji && (
              <EmojiPicker
                onPick={(e) => {
                  setText((t) => t + e);
                  setEmoji(false);
                }}
                onClose={() => setEmoji(false)}
              />
            )}
          </div>
          <label htmlFor={inputId} className="visually-hidden">
            Message
          </label>
          <textarea
            id={inputId}
            className={styles.input}
            rows={1}
            maxLength={2000}
            placeholder="Write a message"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) send(e);
            }}
          />
          <button type="submit" className="btn btn-primary" disabled={!text.trim()}>
            Send
          </button>
        </form>
      ) : (
        chat && <p className={styles.readOnly}>Only the lead and its agent (the office while the lead is in its pond) write here.</p>
      )}
    </section>
  );
}
