import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { MergedFrom } from '../../leads';
import { NotDeliveredLine, NotDeliveredList } from './NotDelivered';
import { DeliveryError, DeliveryLabel } from './DeliveryState';
import { QuietHoursConfirm } from './QuietHoursConfirm';
import type { FailedMessage } from '../../../../../src/contract/outboxes';
import { ApiError } from '../../../api/http';
import { CHANNEL_LABEL, type ChannelState, type SendChannel, type ThreadItem } from '../../../../../src/contract/thread';
import type { Subscribe } from './ChatPanel';
import { conversationApi } from '../api/conversationApi';
import { fullDate, relativeTime } from '../../../lib/dashboardFormat';
import { EmojiPicker } from './EmojiPicker';
import chat from './ChatPanel.module.css';
import styles from './ConversationPanel.module.css';

type Shown = ThreadItem & { readonly pending?: boolean };

const order = (a: ThreadItem, b: ThreadItem) => (a.at !== b.at ? (a.at < b.at ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Items by id, in the thread's (at, id) order: a pushed item, a page and an optimistic one meet without doubles. */
export function mergeItems(current: readonly Shown[], incoming: readonly Shown[]): Shown[] {
  const byId = new Map(current.map((i) => [i.id, i]));
  for (const i of incoming) byId.set(i.id, i);
  return [...byId.values()].sort(order);
}

/** How often the lead's undelivered messages are asked again (a refusal comes seconds to a day after sending). */
const FAILED_EVERY_MS = 30_000;

const MAX: Record<SendChannel, number> = { chat: 2000, text: 1600, email: 20_000 };

function callLine(i: ThreadItem): string {
  const minutes = i.durationSeconds ? ` · ${Math.floor(i.durationSeconds / 60)}:${String(i.durationSeconds % 60).padStart(2, '0')}` : '';
  return `${(i.outcome ?? '').replace(/-/g, ' ')}${minutes}`;
}

/**
 * A lead's one conversation for the agent (issue 16): chat, texts, MMS, e-mails and calls in
 * order, each with its channel and direction, live over the socket, older pages on demand; a
 * composer that answers on the channel of the agent's choice (the lead's last one by default)
 * and says why a channel cannot be used; a message that could not be delivered says so, with
 * the reason. Everything the lead wrote is shown as text, never HTML.
 */
export function ConversationPanel({
  leadId,
  leadName,
  viewerId,
  subscribe,
  onRead,
  onClose,
}: {
  leadId: string;
  leadName: string;
  viewerId: string | null;
  subscribe: Subscribe;
  onRead?: () => void;
  onClose?: () => void;
}) {
  const [items, setItems] = useState<readonly Shown[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [channels, setChannels] = useState<readonly ChannelState[]>([]);
  const [channel, setChannel] = useState<SendChannel | null>(null);
  const [body, setBody] = useState('');
  const [subject, setSubject] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState<readonly FailedMessage[]>([]);
  const [emoji, setEmoji] = useState(false);
  const [quiet, setQuiet] = useState<{ message: string; text: string; channel: SendChannel } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const readUpTo = useRef<string | null>(null);
  const stick = useRef(true);
  const ids = { body: useId(), subject: useId(), reason: useId() };

  const loadChannels = useCallback(() => {
    conversationApi.channels(leadId).then(
      (c) => {
        setChannels(c.channels);
        // The agent's own choice stays (its reason shows if it became unavailable); the first time, the lead's last channel if usable.
        const usable = (ch: SendChannel | null) => !!ch && c.channels.some((s) => s.channel === ch && s.available);
        setChannel((cur) => cur ?? (usable(c.lastChannel) ? c.lastChannel : (c.channels.find((s) => s.available)?.channel ?? c.lastChannel ?? 'chat')));
      },
      () => undefined,
    );
  }, [leadId]);

  const loadFailed = useCallback(() => {
    // Best effort: the conversation works without it.
    conversationApi.failed(leadId).then(
      (f) => setFailed(f.failed),
      () => undefined,
    );
  }, [leadId]);

  useEffect(() => {
    loadFailed();
    const t = setInterval(loadFailed, FAILED_EVERY_MS);
    return () => clearInterval(t);
  }, [loadFailed]);

  useEffect(() => {
    let live = true;
    conversationApi.thread(leadId).then(
      (t) => {
        if (!live) return;
        setItems((cur) => mergeItems(cur, t.items));
        setHasMore(t.hasMore);
        setLoaded(true);
      },
      (err: unknown) => live && setError(err instanceof ApiError ? err.message : 'The conversation could not be loaded'),
    );
    loadChannels();
    return () => {
      live = false;
    };
  }, [leadId, loadChannels]);

  // Live: new items of this lead, and read receipts of its chat.
  useEffect(
    () =>
      subscribe((p) => {
        const x = p.payload;
        if (x.leadId !== leadId) return;
        if (p.name === 'thread.item') setItems((cur) => mergeItems(cur, [x.item as ThreadItem]));
        else if (p.name === 'chat.read' && x.readerId !== viewerId) {
          setItems((cur) => {
            const upTo = cur.find((i) => i.id === x.upToMessageId);
            return upTo
              ? cur.map((i) => (i.channel === 'chat' && i.direction === 'out' && !i.readAt && order(i, upTo) <= 0 ? { ...i, readAt: String(x.at) } : i))
              : cur;
          });
        } else if (p.name === 'lead.activity') {
          loadChannels();
          loadFailed();
        }
      }),
    [subscribe, leadId, viewerId, loadChannels, loadFailed],
  );

  // What is on screen is read: the newest item, once.
  useEffect(() => {
    const newest = [...items].reverse().find((i) => !i.pending);
    if (!loaded || !newest || readUpTo.current === newest.id) return;
    readUpTo.current = newest.id;
    onRead?.();
    void conversationApi.read(leadId, newest.id).catch(() => undefined);
  }, [items, loaded, leadId, onRead]);

  useEffect(() => {
    const el = list.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [items.length]);

  const older = () => {
    const first = items.find((i) => !i.pending);
    if (!first) return;
    stick.current = false;
    conversationApi.thread(leadId, first.id).then(
      (t) => {
        setItems((cur) => mergeItems(cur, t.items));
        setHasMore(t.hasMore);
      },
      (err: unknown) => setError(err instanceof ApiError ? err.message : 'Older messages could not be loaded'),
    );
  };

  const state = channels.find((c) => c.channel === channel);
  const deliver = (text: string, ch: SendChannel, confirmQuietHours = false) => {
    const temp = `pending-${crypto.randomUUID()}`;
    const mine: Shown = {
      id: temp,
      channel: ch,
      direction: 'out',
      body: text,
      at: new Date().toISOString(),
      authorId: viewerId,
      pending: true,
      ...(ch === 'email' ? { subject } : {}),
    };
    stick.current = true;
    setItems((cur) => [...cur, mine]);
    setBody('');
    setEmoji(false);
    setError(null);
    setQuiet(null);
    conversationApi.send(leadId, ch, text, subject, confirmQuietHours).then(
      ({ id }) =>
        setItems((cur) =>
          cur.some((i) => i.id === id) ? cur.filter((i) => i.id !== temp) : cur.map((i) => (i.id === temp ? { ...i, id, pending: false } : i)),
        ),
      (err: unknown) => {
        setItems((cur) => cur.filter((i) => i.id !== temp));
        setBody(text);
        // Night for the lead: the agent decides, with the lead's time in front of them.
        if (err instanceof ApiError && err.status === 409 && err.body.quietHours === true) return setQuiet({ message: err.message, text, channel: ch });
        setError(err instanceof ApiError ? err.message : 'The message was not sent');
        if (err instanceof ApiError && err.status === 403) loadChannels();
      },
    );
  };
  const send = (e: FormEvent) => {
    e.preventDefault();
    const text = body.trim();
    if (!text || !channel || !state?.available) return;
    deliver(text, channel);
  };

  const lastSeen = [...items].reverse().find((i) => i.channel === 'chat' && i.direction === 'out');
  const failedItem = new Map(failed.filter((f) => f.itemId).map((f) => [f.itemId!, f]));
  const failedElse = failed.filter((f) => !f.itemId || !items.some((i) => i.id === f.itemId));
  return (
    <section className={chat.panel} aria-label="Conversation">
      {onClose && (
        <button type="button" className={chat.close} aria-label="Close conversation" onClick={onClose}>
          ×
        </button>
      )}
      <header className={chat.head}>
        <h2>Conversation</h2>
        <p className={chat.with}>with {leadName}</p>
      </header>
      {error && (
        <p className={chat.error} role="alert">
          {error}
        </p>
      )}
      <NotDeliveredList failed={failedElse} leadName={leadName} />
      {/* Focusable, so that the scrolling list can be read and scrolled from the keyboard. */}
      <ol ref={list} className={chat.messages} aria-live="polite" aria-label="Messages, oldest first" tabIndex={0}>
        {hasMore && (
          <li className={styles.more}>
            <button type="button" className="btn" onClick={older}>
              Show older messages
            </button>
          </li>
        )}
        {loaded && items.length === 0 && <li className={styles.empty}>Nothing said yet. Write first: chat, text or e-mail.</li>}
        {items.map((i) => (
          <li key={i.id} className={i.direction === 'out' ? styles.out : styles.in} data-testid="thread-item" data-channel={i.channel}>
            <span className={styles.badge} data-channel={i.channel}>
              {CHANNEL_LABEL[i.channel]}
              <span className="visually-hidden">{i.direction === 'in' ? ` from ${leadName}` : ` to ${leadName}`}</span>
            </span>
            <MergedFrom name={i.mergedFrom} />
            {i.subject !== undefined && <p className={styles.subject}>{i.subject || '(no subject)'}</p>}
            {i.channel === 'call' && <p className={styles.call}>{callLine(i)}</p>}
            {i.body && <p className={chat.text}>{i.body}</p>}
            {failedItem.has(i.id) && <NotDeliveredLine failure={failedItem.get(i.id)!} />}
            <DeliveryError item={i} />
            {i.media?.map((m) =>
              m.contentType?.startsWith('image/') ? (
                <a key={m.url} href={m.url} target="_blank" rel="noreferrer">
                  <img className={styles.picture} src={m.url} alt={i.direction === 'in' ? `Picture from ${leadName}` : 'Picture sent'} />
                </a>
              ) : (
                <a key={m.url} href={m.url} target="_blank" rel="noreferrer">
                  {m.name ?? 'Attachment'}
                </a>
              ),
            )}
            <span className={chat.meta}>
              <time dateTime={i.at} title={fullDate(i.at)}>
                {relativeTime(i.at)}
              </time>
              {i.pending ? (
                <span>Sending…</span>
              ) : failedItem.has(i.id) ? (
                <span>Not delivered</span>
              ) : i.deliveryState ? (
                <DeliveryLabel item={i} />
              ) : (
                i === lastSeen && <span className={chat.receipt}>{i.readAt ? 'Seen' : 'Sent'}</span>
              )}
            </span>
          </li>
        ))}
      </ol>
      {quiet && <QuietHoursConfirm message={quiet.message} onSend={() => deliver(quiet.text, quiet.channel, true)} onCancel={() => setQuiet(null)} />}
      <form className={styles.compose} onSubmit={send}>
        <fieldset className={styles.channels}>
          <legend>Send as</legend>
          {channels.map((c) => (
            <label key={c.channel} className={styles.channel} title={c.reason ?? undefined}>
              <input type="radio" name={`channel-${leadId}`} value={c.channel} checked={channel === c.channel} onChange={() => setChannel(c.channel)} />
              {CHANNEL_LABEL[c.channel]}
              {!c.available && <span className="visually-hidden"> (not available)</span>}
            </label>
          ))}
        </fieldset>
        {state && !state.available && (
          <p id={ids.reason} className={styles.reason} role="status">
            {state.reason}
          </p>
        )}
        {channel === 'email' && state?.available && (
          <>
            <label htmlFor={ids.subject} className="visually-hidden">
              Subject
            </label>
            <input
              id={ids.subject}
              className={styles.subjectInput}
              placeholder="Subject"
              maxLength={200}
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
            />
          </>
        )}
        <div className={styles.row}>
          <div className={chat.emojiWrap}>
            <button
              type="button"
              className={chat.iconButton}
              aria-label="Insert emoji"
              aria-expanded={emoji}
              disabled={!state?.available}
              onClick={() => setEmoji((o) => !o)}
            >
              <span aria-hidden="true">☺</span>
            </button>
            {emoji && (
              <EmojiPicker
                onPick={(e) => {
                  setBody((t) => t + e);
                  setEmoji(false);
                }}
                onClose={() => setEmoji(false)}
              />
            )}
          </div>
          <label htmlFor={ids.body} className="visually-hidden">
            Message
          </label>
          <textarea
            id={ids.body}
            className={chat.input}
            rows={2}
            maxLength={channel ? MAX[channel] : 2000}
            placeholder={state?.available ? `Write a ${channel === 'email' ? 'mail' : channel === 'text' ? 'text' : 'message'}` : 'Choose an available channel'}
            value={body}
            disabled={!state?.available}
            aria-describedby={state && !state.available ? ids.reason : undefined}
            onChange={(e) => setBody(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && channel !== 'email') send(e);
            }}
          />
          <button type="submit" className="btn btn-primary" disabled={!body.trim() || !state?.available}>
            Send
          </button>
        </div>
      </form>
    </section>
  );
}
