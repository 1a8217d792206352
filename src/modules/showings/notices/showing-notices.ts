import type pg from 'pg';
import { type DueNotice, dueShowingNotices } from '../../../../projections/showings';
import type { EventStore } from '../../../eventstore/event-store.port';
import { showingWhen } from '../../../contract/showings';
import { logger } from '../../../shared/logger';
import { loadAccount } from '../../accounts';
import { loadLead } from '../../leads';
import { textEligibility } from '../../messaging';
import { decideOnceWithRetry, leadMailKey, type Mailer, MailHeldBack, type MailMessage, type ReactorOutbox } from '../../messaging';
import { queueAutomatedText, withdrawAutomatedTexts } from '../../compliance';
import { stableId } from '../../../shared/stable-id';
import { loadShowing } from '../showing';
import { signProposalLink, PROPOSAL_PAGE } from '../answer-showing/showing-answer-link';
import { cancellationMail, invitationMail, type NoticeContext, proposalMail, reminderMail, reminderText } from './showing-mail';

const log = logger('showing-notices');

/** The outbox this folder owns (decide-and-send: a row is written by the transaction that sends it). */
export const SHOWING_NOTICE_OUTBOX: ReactorOutbox = { outboxTables: ['showing_notice_outbox'] };
/** A reminder whose time came while no instance ran longer ago than this is not sent late. */
export const REMINDER_LATEST_MS = 12 * 3600_000;

export type ShowingNoticesDeps = {
  readonly pool: pg.Pool;
  readonly store: EventStore;
  readonly mailer: Mailer;
  readonly baseUrl: string;
  /** The server secret (the proposal's accept link is signed with it). */
  readonly secret: () => Promise<Buffer>;
  /** A web push to one person, queued in the notice's own transaction (the agent hears at once that a lead cancelled). */
  readonly push: (db: pg.PoolClient, userId: string, n: { title: string; body: string; url: string; tag: string; id: string }) => Promise<unknown>;
  /** Called once a notice's transaction that queued a push committed: the push is sent now, not at the web push sender's next sweep. */
  readonly wakePushes: () => void;
};

type Recipient = 'lead' | 'agent';
/** What a notice is composed from, read before its transaction. */
type NoticeParts = {
  readonly showing: Extract<Awaited<ReturnType<typeof loadShowing>>, { exists: true }>;
  readonly lead: Extract<Awaited<ReturnType<typeof loadLead>>['lead'], { exists: true }>;
  readonly leadAccount: Awaited<ReturnType<typeof loadAccount>>['account'];
  readonly agentId: string | null;
  readonly byText: boolean;
  readonly keyed: (m: MailMessage) => MailMessage;
};
const RECIPIENTS: Record<DueNotice['kind'], readonly Recipient[]> = { propose: ['lead'], invite: ['lead'], cancel: ['lead', 'agent'], reminder: ['lead'] };
const WANTED: Record<DueNotice['kind'], string> = { propose: 'requested', invite: 'confirmed', cancel: 'cancelled', reminder: 'confirmed' };

/** The id of a showing's reminder text for one SEQUENCE (the same reminder queued again is the same text). */
const reminderTextId = (showingId: string, sequence: number): string => stableId(`showing-reminder-text:${showingId}:${sequence}`);
/** The reminder texts of a showing's earlier SEQUENCEs (moved since, or now cancelled), to take back if they still wait. */
const earlierReminderTexts = (showingId: string, sequence: number): string[] => Array.from({ length: sequence }, (_, k) => reminderTextId(showingId, k));

/**
 * The office's proposal of a time (to the lead, with the signed link that accepts it), the lead's
 * invitation (with the .ics, METHOD:REQUEST, on confirmation and on each move of a confirmed
 * showing), the cancellation (to the lead and the agent, METHOD:CANCEL once invited; the agent
 * also by web push when the lead cancelled)
 * and the day-before reminder (a text when the lead allows texts and has a cell phone, queued as
 * every automated text to a lead is, for the lead's window and the office's daily number, and
 * taken back if the showing moves or is cancelled while it waits; else an e-mail), each once. Time is passed in (`now`), so tests set the clock. Each message's row in
 * showing_notice_outbox (showing, kind, SEQUENCE, recipient) is inserted, the message sent and
 * the row committed in one transaction (decideOnceWithRetry: a failure waits as the outboxes'
 * retry policy says). Before sending, the showing is read from its
 * stream: a notice whose showing moved or changed since is recorded void and never sent (a move
 * is a new SEQUENCE, so a new invitation and a new reminder).
 */
export class ShowingNotices {
  constructor(private readonly deps: ShowingNoticesDeps) {}

  /** Every notice due at `now`; answers how many messages were sent. */
  async send(now: Date): Promise<number> {
    let sent = 0;
    for (const notice of await dueShowingNotices(this.deps.pool, now, new Date(now.getTime() - REMINDER_LATEST_MS))) {
      for (const to of RECIPIENTS[notice.kind]) if (await this.sendOne(notice, to, now)) sent++;
    }
    return sent;
  }

  private async sendOne(n: DueNotice, to: Recipient, now: Date): Promise<boolean> {
    const showing = await loadShowing(this.deps.store, n.showingId);
    const { lead } = showing.exists ? await loadLead(this.deps.store, showing.leadId) : { lead: { exists: false as const } };
    if (!showing.exists || !lead.exists) return false;
    const wanted = WANTED[n.kind];
    const agentId = showing.agentId ?? lead.agentId;
    const agent = agentId ? (await loadAccount(this.deps.store, agentId)).account : null;
    const leadAccount = (await loadAccount(this.deps.store, lead.userId)).account;
    const byText = n.kind === 'reminder' && textEligibility(leadAccount) === null && agentId !== null;
    const live = showing.status === wanted && showing.sequence === n.sequence && (to === 'lead' || agent?.exists === true);
    const c: NoticeContext = {
      showing,
      lead: { name: lead.fullName, email: lead.email },
      agent: agent?.exists ? { name: `${agent.firstName} ${agent.lastName}`, email: agent.email } : null,
      baseUrl: this.deps.baseUrl,
      now,
      byLead: showing.cancelledByLead,
    };
    let pushed = false;
    const sent = await decideOnceWithRetry(
      this.deps.pool,
      { outbox: 'showing-notices', key: `${n.showingId} ${n.kind} ${n.sequence} ${to}`, leadId: to === 'lead' ? showing.leadId : null },
      `INSERT INTO showing_notice_outbox (showing_id, kind, sequence, recipient, channel, state) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [n.showingId, n.kind, n.sequence, to, byText ? 'text' : 'email', live ? 'sent' : 'void'],
      async (db) => {
        if (!live) return false;
        // A reminder text still held for the lead's quiet hours is about a time that no longer holds.
        if (to === 'lead' && (n.kind === 'invite' || n.kind === 'cancel'))
          await withdrawAutomatedTexts(
            this.deps.store,
            this.deps.pool,
            earlierReminderTexts(n.showingId, n.sequence),
            { reason: n.kind === 'cancel' ? 'cancelled' : 'moved', zone: showing.timeZone },
            now,
          );
        // To the lead: its Message-ID names the lead, so the relay's reports reach the lead's timeline, and so does the mail
        // path's refusal of an address that bounced for good or complained (the showing itself goes on).
        const keyed = (m: MailMessage): MailMessage =>
          to === 'lead'
            ? {
                ...m,
                messageKey: leadMailKey('showing-notices', [n.showingId, n.kind, n.sequence], showing.leadId),
                lead: { leadId: showing.leadId, messageId: `showing-notices.${n.showingId}.${n.kind}.${n.sequence}` },
              }
            : m;
        try {
          pushed = (await this.notify(db, n, to, c, now, { showing, lead, leadAccount, agentId, byText, keyed })) === 'pushed';
          return true;
        } catch (err) {
          if (!(err instanceof MailHeldBack)) throw err;
          await db.query(`UPDATE showing_notice_outbox SET state = 'suppressed' WHERE showing_id = $1 AND kind = $2 AND sequence = $3 AND recipient = $4`, [
            n.showingId,
            n.kind,
            n.sequence,
            to,
          ]);
          return false;
        }
      },
      (err, f) =>
        log.warn(f.permanent ? 'a showing notice was refused for good' : 'a showing notice was not sent; it is tried again later', {
          kind: n.kind,
          error: err.name,
        }),
    );
    // Sent is committed (a failure rolled the push back with the notice).
    if (sent && pushed) this.deps.wakePushes();
    return sent;
  }

  /** Sends the notice in its transaction; 'pushed' when it also queued a web push there. */
  private async notify(db: pg.PoolClient, n: DueNotice, to: Recipient, c: NoticeContext, now: Date, x: NoticeParts): Promise<'sent' | 'pushed'> {
    const { showing, lead, leadAccount, agentId, byText, keyed } = x;
    if (n.kind === 'invite') {
      const { rowCount } = await db.query(
        `SELECT 1 FROM showing_notice_outbox WHERE showing_id = $1 AND kind = 'invite' AND state = 'sent' AND sequence < $2`,
        [n.showingId, n.sequence],
      );
      await this.deps.mailer.send(keyed(invitationMail(c, (rowCount ?? 0) > 0)));
    } else if (n.kind === 'propose') {
      const token = signProposalLink(await this.deps.secret(), n.showingId, n.sequence, now);
      await this.deps.mailer.send(keyed(proposalMail(c, `${this.deps.baseUrl}${PROPOSAL_PAGE}?t=${encodeURIComponent(token)}`)));
    } else if (n.kind === 'cancel') {
      await this.deps.mailer.send(keyed(cancellationMail(c, to, showing.invited)));
      if (to === 'agent' && showing.cancelledByLead && agentId) {
        await this.deps.push(db, agentId, {
          title: 'A lead cancelled a showing',
          body: `${lead.fullName}: ${showing.address}, ${showingWhen(showing.start, showing.timeZone)}`,
          url: `/dashboard?lead=${encodeURIComponent(showing.leadId)}`,
          tag: `showing-${showing.showingId}`,
          id: `showing-cancel-${showing.showingId}-${n.sequence}`,
        });
        return 'pushed';
      }
    } else if (byText && leadAccount.exists && leadAccount.cellPhone && agentId)
      // As every automated text to a lead: in the lead's window, within the office's daily number, on the thread.
      await queueAutomatedText(
        this.deps.store,
        this.deps.pool,
        {
          lead,
          messageId: reminderTextId(n.showingId, n.sequence),
          byUserId: agentId,
          body: reminderText(c),
          cellPhone: leadAccount.cellPhone,
          voidAfter: new Date(showing.start),
        },
        now,
      );
    else await this.deps.mailer.send(keyed(reminderMail(c)));
    return 'sent';
  }
}
