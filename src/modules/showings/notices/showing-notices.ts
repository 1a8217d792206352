import type pg from 'pg';
import { type DueNotice, dueShowingNotices } from '../../../../projections/showings';
import { decideOnce } from '../../../database/decide-once';
import type { EventStore } from '../../../eventstore/event-store.port';
import { logger } from '../../../shared/logger';
import { loadAccount } from '../../accounts';
import { loadLead, textEligibility } from '../../leads';
import type { Mailer, SmsSender } from '../../messaging';
import { loadShowing } from '../showing';
import { cancellationMail, invitationMail, type NoticeContext, reminderMail, reminderText } from './showing-mail';

const log = logger('showing-notices');
/** A reminder whose time came while no instance ran longer ago than this is not sent late. */
export const REMINDER_LATEST_MS = 12 * 3600_000;

export type ShowingNoticesDeps = { readonly pool: pg.Pool; readonly store: EventStore; readonly mailer: Mailer; readonly sms: SmsSender; readonly baseUrl: string };

type Recipient = 'lead' | 'agent';
const RECIPIENTS: Record<DueNotice['kind'], readonly Recipient[]> = { invite: ['lead'], cancel: ['lead', 'agent'], reminder: ['lead'] };

/**
 * The lead's invitation (with the .ics, METHOD:REQUEST, on confirmation and on each move of a
 * confirmed showing), the cancellation (to the lead and the agent, METHOD:CANCEL once invited)
 * and the day-before reminder (a text when the lead allows texts and has a cell phone, else an
 * e-mail), each once. Time is passed in (`now`), so tests set the clock. Each message's row in
 * showing_notice_outbox (showing, kind, SEQUENCE, recipient) is inserted, the message sent and
 * the row committed in one transaction (decideOnce). Before sending, the showing is read from its
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
    const wanted = n.kind === 'cancel' ? 'cancelled' : 'confirmed';
    const agentId = showing.agentId ?? lead.agentId;
    const agent = agentId ? (await loadAccount(this.deps.store, agentId)).account : null;
    const leadAccount = (await loadAccount(this.deps.store, lead.userId)).account;
    const byText = n.kind === 'reminder' && textEligibility(leadAccount) === null;
    const live = showing.status === wanted && showing.sequence === n.sequence && (to === 'lead' || agent?.exists === true);
    const c: NoticeContext = {
      showing,
      lead: { name: lead.fullName, email: lead.email },
      agent: agent?.exists ? { name: `${agent.firstName} ${agent.lastName}`, email: agent.email } : null,
      baseUrl: this.deps.baseUrl,
      now,
    };
    return decideOnce(
      this.deps.pool,
      `INSERT INTO showing_notice_outbox (showing_id, kind, sequence, recipient, channel, state) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [n.showingId, n.kind, n.sequence, to, byText ? 'text' : 'email', live ? 'sent' : 'void'],
      async (db) => {
        if (!live) return false;
        if (n.kind === 'invite') {
          const { rowCount } = await db.query(`SELECT 1 FROM showing_notice_outbox WHERE showing_id = $1 AND kind = 'invite' AND state = 'sent' AND sequence < $2`, [n.showingId, n.sequence]);
          await this.deps.mailer.send(invitationMail(c, (rowCount ?? 0) > 0));
        } else if (n.kind === 'cancel') await this.deps.mailer.send(cancellationMail(c, to, showing.invited));
        else if (byText && leadAccount.exists && leadAccount.cellPhone) await this.deps.sms.send({ to: leadAccount.cellPhone, body: reminderText(c), mediaUrl: null });
        else await this.deps.mailer.send(reminderMail(c));
        return true;
      },
      (err) => log.warn('a showing notice was not sent; the next sweep tries again', { kind: n.kind, message: err.message }),
    );
  }
}
