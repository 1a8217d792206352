import type pg from 'pg';
import { metadataOf, systemContext } from '../../../commands/command-context';
import { recordOnce } from '../../../commands/decide-and-append';
import { stableId } from '../../../shared/stable-id';
import { handleCommand } from '../../../commands/handle-command';
import { wallClock } from '../../../contract/time-zone';
import type { EventStore } from '../../../eventstore/event-store.port';
import { type AutomatedTextWithdrawn, complianceStream } from '../compliance.events';
import { nextTextSlot } from './quiet-hours';
import { textHeldDecider } from './text-held.decide';
import { loadTextRules } from './text-rules';

/** The plain table of texts automation sends (only this folder writes it). */
export const AUTOMATED_TEXTS = { outboxTables: ['automated_texts'] } as const;

export type AutomatedText = {
  readonly lead: { readonly leadId: string; readonly userId: string; readonly siteId: string; readonly officeId: string | null };
  readonly messageId: string;
  readonly byUserId: string;
  readonly body: string;
  readonly cellPhone: string;
  /** When the text stops meaning anything (a showing's reminder: the showing's start): still held then, it is dropped. */
  readonly voidAfter?: Date | null;
};

const DAY_FMT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Tue 08:00" on the lead's clock. */
function localLabel(at: Date, zone: string): string {
  const w = wallClock(at, zone);
  const weekday = DAY_FMT[new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay()]!;
  return `${weekday} ${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
}

/**
 * Queues an automated text for the lead's window (contract section 13): the first moment at or
 * after `now` inside the office's hours of the lead's day, on a day the lead has had fewer than
 * the office's number of automated texts (those sent or waiting count). Held past `now`, the
 * lead's timeline says until when (AutomatedTextHeld). Once per message id: the same step queued
 * again changes nothing.
 */
export async function queueAutomatedText(store: EventStore, pool: pg.Pool, t: AutomatedText, now: Date): Promise<{ notBefore: Date }> {
  const rules = await loadTextRules(store, t.lead, t.cellPhone);
  const { rows: booked } = await pool.query<{ not_before: Date }>(
    `SELECT not_before FROM automated_texts WHERE lead_id = $1 AND message_id <> $2 AND state IN ('pending', 'sent') AND not_before > $3::timestamptz - interval '2 days'`,
    [t.lead.leadId, t.messageId, now.toISOString()],
  );
  const notBefore = nextTextSlot(
    now,
    rules.zone,
    rules.window,
    rules.perDay,
    booked.map((r) => r.not_before),
  );
  const { rows } = await pool.query<{ not_before: Date }>(
    `INSERT INTO automated_texts (message_id, lead_id, site_id, by_user_id, body, not_before, void_after) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (message_id) DO UPDATE SET message_id = excluded.message_id RETURNING not_before`,
    [t.messageId, t.lead.leadId, t.lead.siteId, t.byUserId, t.body, notBefore.toISOString(), t.voidAfter?.toISOString() ?? null],
  );
  const queued = rows[0]!.not_before;
  if (queued.getTime() > now.getTime()) {
    const inWindow = wallClock(now, rules.zone).hour >= rules.window.startHour && wallClock(now, rules.zone).hour < rules.window.endHour;
    await handleCommand(
      store,
      complianceStream(t.lead.leadId),
      textHeldDecider,
      {
        leadId: t.lead.leadId,
        messageId: t.messageId,
        reason: inWindow ? 'daily-limit' : 'quiet-hours',
        until: queued.toISOString(),
        localUntil: localLabel(queued, rules.zone),
        zone: rules.zone,
      },
      systemContext(now, t.lead.siteId),
    );
  }
  return { notBefore: queued };
}

/**
 * Takes back automated texts still waiting (a cancelled or moved showing's reminder): they are
 * never sent, and the lead's timeline says so (`why`; on the showing's clock `zone`). One already
 * sent stays as it is. Done again (a retry, another instance at once), the rows already taken back
 * are named again and their line is the same event id: one line per text.
 */
export async function withdrawAutomatedTexts(
  store: EventStore,
  pool: pg.Pool,
  messageIds: readonly string[],
  why: { readonly reason: 'moved' | 'cancelled'; readonly zone: string },
  now: Date,
): Promise<void> {
  if (messageIds.length === 0) return;
  const { rows } = await pool.query<{ message_id: string; lead_id: string; site_id: string; void_after: Date | null }>(
    `UPDATE automated_texts SET state = 'withdrawn', body = '' WHERE message_id = ANY($1::uuid[]) AND state IN ('pending', 'withdrawn')
     RETURNING message_id, lead_id, site_id, void_after`,
    [messageIds],
  );
  for (const r of rows)
    if (r.void_after)
      await recordTextWithdrawn(
        store,
        { leadId: r.lead_id, messageId: r.message_id, reason: why.reason, showingAt: r.void_after.toISOString(), zone: why.zone },
        r.site_id,
        now,
      );
}

/** The timeline's line for a reminder that will never go, once per text whoever records it first. */
export async function recordTextWithdrawn(store: EventStore, data: AutomatedTextWithdrawn['data'], siteId: string, now: Date): Promise<void> {
  await recordOnce(store, complianceStream(data.leadId), [
    {
      type: 'AutomatedTextWithdrawn',
      data,
      eventId: stableId(`automated-text-withdrawn:${data.messageId}`),
      metadata: metadataOf(systemContext(now, siteId)),
    },
  ]);
}
