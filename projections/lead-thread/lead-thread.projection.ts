import { storedPhone } from '../../src/contract/phone-number';
import type { AccountsMerged, AccountsUnmerged } from '../../src/modules/backoffice/backoffice.events';
import { type ChatEvent, chatEventTypes } from '../../src/modules/conversation/conversation.events';
import {
  type CallLogged,
  callEventTypes,
  type LeadEmailReceived,
  type LeadEmailSent,
  leadEmailEventTypes,
  type SmsEvent,
  smsEventTypes,
} from '../../src/modules/conversation/conversation.events';
import {
  type AutomatedEmailSkipped,
  type EmailDeliveryReported,
  type TextDeliveryReported,
  textDeliveryEventTypes,
} from '../../src/modules/compliance/compliance.events';
import { EMAIL_DELIVERY_RANK, type EmailDeliveryState } from '../../src/contract/email-delivery';
import { type LeadEvent, type LeadOwnerEvent, leadOwnerEventTypes } from '../../src/modules/leads/leads.events';
import { type ThreadEvent, threadEventTypes } from '../../src/modules/conversation/conversation.events';
import { assertNever } from '../../src/shared/errors';
import type { StoredEvent } from '../../src/shared/event';
import { eventsOf, handledTypes, type Projection, type ProjectionContext } from '../runner';
import { erasedRows, MergedLeads, setLeadOwner } from '../lead-rows';
import { type ItemRow, itemOf, ITEM_COLUMNS } from './thread-item';
import { ERASED_NAME, type PersonErased } from '../../src/modules/privacy/privacy.events';

type Handled =
  | PersonErased
  | Extract<LeadEvent, { type: 'LeadCaptured' | 'LeadContactEdited' }>
  | LeadOwnerEvent
  | ChatEvent
  | SmsEvent
  | LeadEmailSent
  | LeadEmailReceived
  | CallLogged
  | ThreadEvent
  | TextDeliveryReported
  | EmailDeliveryReported
  | AutomatedEmailSkipped
  | AccountsMerged
  | AccountsUnmerged;

type LeadRow = { user_id: string; agent_id: string | null; office_id: string | null };

/** A new item before it is stored: the row without the lead and positions (an outbound text with its provider's id and first state). */
type NewItem = Omit<ItemRow, 'at' | 'delivery_state' | 'error_code' | 'delivery_note'> & {
  readonly at: string;
  readonly provider_id?: string;
  readonly delivery_state?: string;
};

/**
 * A merge (issue 18) moves the duplicate's items into the survivor's thread (in order, each
 * marked with where it came from) and sets its read marks aside; what the merged lead says or is
 * sent later joins the survivor's thread. Its lead row stays: an inbound text still finds it by
 * phone, and lands on the survivor.
 */
const merges = new MergedLeads('thread_merges', ['thread_items'], ['thread_reads']);

/** The rooms of a thread's news: the lead's agent, the office's broker, staff (never the whole office: message bodies are personal). */
const threadRooms = (lead: LeadRow): string[] => [
  ...new Set([...(lead.agent_id ? [`user:${lead.agent_id}`] : []), ...(lead.office_id ? [`user:${lead.office_id}`] : []), 'staff']),
];

/**
 * One ordered list per lead of everything said to or by the lead (issue 16): chat both ways
 * with read receipts, texts and MMS both ways, e-mails both ways, logged calls; ordered by
 * (at, id). Also who has the lead now (for pushes and unread counts), the lead's phone (for
 * matching inbound texts) and how far each reader read. Pushes `thread.item` to the lead's
 * agent, broker and staff and `thread.read` to the reader's other tabs, after the batch commits.
 */
export const leadThreadProjection: Projection = {
  name: 'lead_thread',
  // 2: account merges fold the duplicate's thread into the survivor's (issue 18).
  // 3: an erased person's rows moved under a survivor by a merge, and the merge's name of them, go too (issue 18).
  // 4: the office id columns named office_id, as in every read model.
  // 5: outbound texts' delivery state and error code (contract section 13).
  // 6: CRM e-mails' delivery state (sent, delivered, bounced, complained) from the relay's reports joined by Message-ID.
  // 7: a lead's phone outside North America kept (in E.164) to match their texts by.
  // 8: a CRM e-mail held back at sending (the address bounced or complained before, the lead turned e-mail off) is not_sent, with why.
  version: 8,
  eventTypes: handledTypes<Handled>()([
    'LeadCaptured',
    ...leadOwnerEventTypes,
    'LeadContactEdited',
    ...chatEventTypes,
    ...smsEventTypes,
    ...leadEmailEventTypes,
    ...callEventTypes,
    ...threadEventTypes,
    ...textDeliveryEventTypes,
    'EmailDeliveryReported',
    'AutomatedEmailSkipped',
    'AccountsMerged',
    'AccountsUnmerged',
    'PersonErased',
  ]),
  tables: ['thread_leads', 'thread_items', 'thread_reads', 'thread_merges', 'thread_reads_parked', 'thread_deliveries'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('thread_leads')} (
      lead_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      site_id uuid NOT NULL,
      agent_id uuid,
      office_id uuid,
      phone text
    )`);
    await tx.query(`CREATE INDEX ON ${t('thread_leads')} (agent_id)`);
    await tx.query(`CREATE INDEX ON ${t('thread_leads')} (phone) WHERE phone IS NOT NULL`);
    await tx.query(`CREATE INDEX ON ${t('thread_leads')} (user_id)`);
    await tx.query(`CREATE TABLE ${t('thread_items')} (
      lead_id uuid NOT NULL,
      item_id uuid NOT NULL,
      channel text NOT NULL,
      direction text NOT NULL,
      body text NOT NULL,
      subject text,
      at timestamptz NOT NULL,
      author_id uuid,
      read_at timestamptz,
      outcome text,
      duration_seconds integer,
      media jsonb,
      provider_id text,
      delivery_state text,
      error_code integer,
      delivery_note text,
      tx_id bigint NOT NULL,
      global_position bigint NOT NULL,
      PRIMARY KEY (lead_id, item_id)
    )`);
    await tx.query(`CREATE INDEX ON ${t('thread_items')} (lead_id, at, item_id)`);
    await tx.query(`CREATE INDEX ON ${t('thread_items')} (lead_id, at, item_id) WHERE direction = 'in'`);
    await tx.query(`CREATE INDEX ON ${t('thread_items')} (tx_id, global_position)`);
    await tx.query(`CREATE INDEX ON ${t('thread_items')} (provider_id) WHERE provider_id IS NOT NULL`);
    // A text's latest report, kept apart: the callback may be recorded before the text itself.
    await tx.query(`CREATE TABLE ${t('thread_deliveries')} (provider_id text PRIMARY KEY, state text NOT NULL, error_code integer)`);
    await tx.query(`CREATE TABLE ${t('thread_reads')} (
      lead_id uuid NOT NULL,
      reader_id uuid NOT NULL,
      up_to_at timestamptz NOT NULL,
      up_to_id uuid NOT NULL,
      PRIMARY KEY (lead_id, reader_id)
    )`);
    await merges.create(tx, t);
  },
  async apply(events, ctx) {
    const { tx, table } = ctx;
    const leads = table('thread_leads');
    const items = table('thread_items');
    const leadOf = async (leadId: string) =>
      (await tx.query<LeadRow>(`SELECT user_id, agent_id, office_id FROM ${leads} WHERE lead_id = $1`, [leadId])).rows[0];
    // The item is the lead's own (who wrote it is decided on its own account), shown in the thread it belongs to now.
    const add = async (stored: StoredEvent, leadId: string, item: (lead: LeadRow) => NewItem) => {
      const lead = await leadOf(leadId);
      if (!lead) return;
      const to = await merges.target(ctx, leadId);
      const shownOn = to.mergedFrom ? await leadOf(to.leadId) : lead;
      if (!shownOn) return;
      const i = item(lead);
      const { rows } = await tx.query<ItemRow>(
        `INSERT INTO ${items} (lead_id, item_id, channel, direction, body, subject, at, author_id, read_at, outcome, duration_seconds, media, tx_id, global_position, merged_from,
           provider_id, delivery_state, error_code)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::text, coalesce(d.state, $17), d.error_code
         FROM (SELECT 1) one LEFT JOIN ${table('thread_deliveries')} d ON d.provider_id = $16::text
         ON CONFLICT (lead_id, item_id) DO NOTHING RETURNING ${ITEM_COLUMNS}`,
        [
          to.leadId,
          i.item_id,
          i.channel,
          i.direction,
          i.body,
          i.subject,
          i.at,
          i.author_id,
          i.read_at,
          i.outcome,
          i.duration_seconds,
          i.media === null ? null : JSON.stringify(i.media),
          stored.transactionId.toString(),
          stored.globalPosition.toString(),
          to.mergedFrom,
          i.provider_id ?? null,
          i.delivery_state ?? null,
        ],
      );
      if (rows[0])
        ctx.push({ to: threadRooms(shownOn), name: 'thread.item', payload: { leadId: to.leadId, agentId: shownOn.agent_id, item: itemOf(rows[0]) } });
    };
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      const blank = { subject: null, read_at: null, outcome: null, duration_seconds: null, media: null, at } as const;
      switch (e.type) {
        case 'LeadCaptured':
          ctx.write(`INSERT INTO ${leads} (lead_id, user_id, site_id, phone) VALUES ($1, $2, $3, $4) ON CONFLICT (lead_id) DO NOTHING`, [
            e.data.leadId,
            e.data.userId,
            e.data.siteId,
            e.data.phone ? storedPhone(e.data.phone) : null,
          ]);
          break;
        case 'LeadAssigned':
        case 'LeadReassigned':
        case 'LeadClaimed':
        case 'LeadPutInPond':
          setLeadOwner(ctx.write, leads, e);
          break;
        case 'LeadContactEdited':
          ctx.write(`UPDATE ${leads} SET phone = $2 WHERE lead_id = $1`, [e.data.leadId, e.data.phone ? storedPhone(e.data.phone) : null]);
          break;
        case 'ChatMessageSent': {
          const d = e.data;
          await add(e, d.leadId, (lead) => ({
            ...blank,
            item_id: d.messageId,
            channel: 'chat',
            direction: d.fromUserId === lead.user_id ? 'in' : 'out',
            body: d.text,
            author_id: d.fromUserId,
          }));
          break;
        }
        case 'ChatMessagesRead': {
          const d = e.data;
          const lead = await leadOf(d.leadId);
          if (!lead) break;
          // The lead reads what the agent wrote; the agent reads what the lead wrote (in the thread it shows in now).
          const shownIn = (await merges.target(ctx, d.leadId)).leadId;
          ctx.write(
            `UPDATE ${items} i SET read_at = $4 FROM ${items} upto
             WHERE upto.lead_id = $1 AND upto.item_id = $3 AND i.lead_id = $1 AND i.channel = 'chat' AND i.direction = $2 AND i.read_at IS NULL
               AND (i.at, i.item_id) <= (upto.at, upto.item_id)`,
            [shownIn, d.readerId === lead.user_id ? 'out' : 'in', d.upToMessageId, at],
          );
          break;
        }
        case 'TextMessageSent': {
          const d = e.data;
          const media = d.mediaUrl ? [{ url: d.mediaUrl, contentType: null }] : null;
          await add(e, d.leadId, () => ({
            ...blank,
            item_id: d.messageId,
            channel: d.kind === 'video' ? 'mms' : 'text',
            direction: 'out',
            body: d.body,
            author_id: d.byUserId,
            media,
            provider_id: d.providerId,
            // The development outbox hands a text over at once and no carrier reports on it.
            delivery_state: d.providerId.startsWith('outbox-') ? 'sent' : 'queued',
          }));
          break;
        }
        case 'TextDeliveryReported':
          await reportDelivery(ctx, e.data);
          break;
        case 'TextMessageReceived': {
          const d = e.data;
          const media = d.media.length ? d.media.map((m) => ({ url: `/uploads/${m.uploadId}`, contentType: m.contentType })) : null;
          await add(e, d.leadId, (lead) => ({
            ...blank,
            item_id: d.messageId,
            channel: media ? 'mms' : 'text',
            direction: 'in',
            body: d.body,
            author_id: lead.user_id,
            media,
          }));
          break;
        }
        case 'LeadEmailSent': {
          const d = e.data;
          await add(e, d.leadId, () => ({
            ...blank,
            item_id: d.messageId,
            channel: 'email',
            direction: 'out',
            body: d.body,
            subject: d.subject,
            author_id: d.byUserId,
            // One copied from the agent's own mailbox never went through our relay: no report will come.
            ...(d.fromMailbox ? {} : { delivery_state: 'sent' }),
          }));
          break;
        }
        case 'EmailDeliveryReported':
          await reportEmailDelivery(ctx, e.data);
          break;
        case 'AutomatedEmailSkipped':
          // Only a thread's e-mail names its writer; an alert's or digest's skip is the timeline's alone.
          if (e.data.byUserId) await setEmailState(ctx, e.data.messageId, 'not_sent', null, e.data.reason);
          break;
        case 'LeadEmailReceived': {
          const d = e.data;
          const media = d.attachments.length ? d.attachments.map((a) => ({ url: `/uploads/${a.uploadId}`, contentType: a.contentType, name: a.name })) : null;
          await add(e, d.leadId, (lead) => ({
            ...blank,
            item_id: d.messageId,
            channel: 'email',
            direction: 'in',
            body: d.body,
            subject: d.subject,
            author_id: lead.user_id,
            media,
          }));
          break;
        }
        case 'CallLogged': {
          const d = e.data;
          await add(e, d.leadId, () => ({
            ...blank,
            item_id: d.callId,
            channel: 'call',
            direction: 'out',
            body: d.notes,
            author_id: d.byUserId,
            outcome: d.outcome,
            duration_seconds: d.durationSeconds,
          }));
          break;
        }
        case 'LeadThreadRead':
          await markRead(ctx, e.data, at);
          break;
        case 'AccountsMerged':
        case 'AccountsUnmerged':
          await merges.apply(ctx, e, async (id) => (await leadOf(id)) !== undefined);
          break;
        case 'PersonErased':
          // Issue 18: the person was forgotten; what this read model kept of them goes too (a rebuild ends the same).
          // The number no longer finds the lead (an inbound text from it starts afresh).
          ctx.write(`UPDATE ${leads} SET phone = NULL WHERE lead_id = ANY($1::uuid[])`, [e.data.leadIds]);
          // The conversation goes with the person (the timeline keeps that it happened).
          // Moved under a survivor by a merge too; a duplicate merged into the person's lead is another account's and stays.
          ctx.write(`DELETE FROM ${items} WHERE ${erasedRows(1)}`, [e.data.leadIds]);
          await merges.forget(ctx, e.data.leadIds, ERASED_NAME);
          ctx.write(`DELETE FROM ${table('thread_reads')} WHERE lead_id = ANY($1::uuid[])`, [e.data.leadIds]);
          break;
        default:
          assertNever(e);
      }
    }
  },
};

/**
 * The carrier's report on a text: kept by the provider's id (the decider already moved it only
 * forward), and set on the text's item if it is there yet, pushed to whoever sees the thread.
 */
async function reportDelivery({ tx, table, push }: ProjectionContext, d: TextDeliveryReported['data']): Promise<void> {
  await tx.query(
    `INSERT INTO ${table('thread_deliveries')} (provider_id, state, error_code) VALUES ($1, $2, $3)
     ON CONFLICT (provider_id) DO UPDATE SET state = excluded.state, error_code = excluded.error_code`,
    [d.providerId, d.state, d.errorCode],
  );
  const { rows } = await tx.query<ItemRow & { lead_id: string }>(
    `UPDATE ${table('thread_items')} SET delivery_state = $2, error_code = $3 WHERE provider_id = $1 RETURNING lead_id, ${ITEM_COLUMNS}`,
    [d.providerId, d.state, d.errorCode],
  );
  for (const row of rows) {
    const lead = (await tx.query<LeadRow>(`SELECT user_id, agent_id, office_id FROM ${table('thread_leads')} WHERE lead_id = $1`, [row.lead_id])).rows[0];
    if (lead) push({ to: threadRooms(lead), name: 'thread.item', payload: { leadId: row.lead_id, agentId: lead.agent_id, item: itemOf(row) } });
  }
}

/**
 * The relay's report on a CRM e-mail (joined to its message by the Message-ID): set on the
 * e-mail's item when it moves it further (delivered, then perhaps marked as spam; a temporary
 * failure is the relay's to retry, not news), pushed to whoever sees the thread.
 */
async function reportEmailDelivery(ctx: ProjectionContext, d: EmailDeliveryReported['data']): Promise<void> {
  const messageId = d.message?.messageId;
  if (!messageId || d.outcome === 'temporary') return;
  await setEmailState(ctx, messageId, d.outcome, d.code, null);
}

/** A CRM e-mail's item moved to `state` when that is further along, pushed to whoever sees the thread. */
async function setEmailState(
  { tx, table, push }: ProjectionContext,
  messageId: string,
  state: EmailDeliveryState,
  code: number | null,
  note: string | null,
): Promise<void> {
  const { rows } = await tx.query<ItemRow & { lead_id: string }>(
    `SELECT lead_id, ${ITEM_COLUMNS} FROM ${table('thread_items')} WHERE item_id = $1 AND channel = 'email' AND direction = 'out'`,
    [messageId],
  );
  for (const row of rows) {
    const now = (row.delivery_state ?? 'sent') as EmailDeliveryState;
    if ((EMAIL_DELIVERY_RANK[now] ?? 0) >= EMAIL_DELIVERY_RANK[state]) continue;
    await tx.query(`UPDATE ${table('thread_items')} SET delivery_state = $3, error_code = $4, delivery_note = $5 WHERE lead_id = $1 AND item_id = $2`, [
      row.lead_id,
      messageId,
      state,
      code,
      note,
    ]);
    const lead = (await tx.query<LeadRow>(`SELECT user_id, agent_id, office_id FROM ${table('thread_leads')} WHERE lead_id = $1`, [row.lead_id])).rows[0];
    const item = itemOf({ ...row, delivery_state: state, error_code: code, delivery_note: note });
    if (lead) push({ to: threadRooms(lead), name: 'thread.item', payload: { leadId: row.lead_id, agentId: lead.agent_id, item } });
  }
}

/** A read mark only moves forwards (the decider already says so; a rebuild must agree). */
async function markRead({ tx, table, push }: ProjectionContext, d: ThreadEvent['data'], at: string): Promise<void> {
  const { rowCount } = await tx.query(
    `INSERT INTO ${table('thread_reads')} AS r (lead_id, reader_id, up_to_at, up_to_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (lead_id, reader_id) DO UPDATE SET up_to_at = excluded.up_to_at, up_to_id = excluded.up_to_id
     WHERE (r.up_to_at, r.up_to_id) < (excluded.up_to_at, excluded.up_to_id)`,
    [d.leadId, d.readerId, d.upToAt, d.upToItemId],
  );
  if (rowCount) push({ to: [`user:${d.readerId}`], name: 'thread.read', payload: { leadId: d.leadId, readerId: d.readerId, upToId: d.upToItemId, at } });
}
