import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { systemContext } from '../../commands/command-context';
import { handleCommand } from '../../commands/handle-command';
import { inTransaction } from '../../database/database';
import { EventStore } from '../../eventstore/event-store.port';
import { type Schedule, SweptReactor } from '../../runtime/swept-reactor';
import { DB_POOL } from '../../runtime/tokens';
import { AppError } from '../../shared/errors';
import { logger } from '../../shared/logger';
import { type ReactorOutbox, recordFailure, RETRY_DUE } from '../messaging';
import { LeadIntake } from '../integrations';
import { facebookLeadDecider, facebookLeadStream, facebookPageDecider, type FacebookPage, loadFacebookPage } from './facebook-page';
import { facebookPageStream } from './facebook-leads.events';
import { FacebookGraph, GraphError } from './graph.port';
import { defaultFormSource, intakeOfLeadAnswers } from './lead-answers';
import { PageTokens, UNREADABLE_TOKEN } from './page-tokens';

const log = logger('facebook-leads');
const SWEEP_MS = 2000;

/** The queue this folder owns: the webhook fills it, this reactor empties it. */
export const FACEBOOK_LEAD_QUEUE: ReactorOutbox = { outboxTables: ['facebook_lead_queue'] };
export const NO_SUCH_PAGE = 'No office has this Facebook page connected';

type QueueRow = { leadgen_id: string; page_id: string; form_id: string | null; ad_id: string | null; created_time: Date | null; received_at: Date };

/**
 * Fetches each lead Meta announced and takes it in, once, on the outboxes' retry policy. A
 * queued leadgen id is taken under its row lock (FOR UPDATE SKIP LOCKED: instances never take
 * the same), its answers read from the Graph API with its page's token, mapped and handed to the
 * lead intake (idempotent by the office, the form's source and the leadgen id), the delivery
 * recorded on `fblead-{leadgenId}` (once), and the row marked sent in that one transaction. A crash
 * before the commit leaves the row pending; taken again, the intake answers the same lead and
 * the delivery is not recorded twice. A Graph failure waits for its next try (seconds, growing to
 * an hour, for a day); a refused token also marks the page for reconnection, after which the
 * next try goes through. Answers that cannot make a lead (neither an e-mail nor a phone) are given up with why.
 */
@Injectable()
export class FacebookLeadFetcher extends SweptReactor {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(FacebookGraph) private readonly graph: FacebookGraph,
    @Inject(PageTokens) private readonly tokens: PageTokens,
    @Inject(LeadIntake) private readonly intake: LeadIntake,
  ) {
    super();
  }

  /** Runs a sweep now (a delivery was just queued) rather than at the next tick. */
  kick(): void {
    this.sweeper.kick();
  }

  protected schedule(): Schedule {
    return { name: 'facebook leads', everyMs: SWEEP_MS };
  }

  protected onSweep(): Promise<number> {
    return this.sweep();
  }

  /** Takes every due row, one at a time; answers how many became (or joined) a lead. */
  async sweep(): Promise<number> {
    let delivered = 0;
    while (!this.sweeper.isStopped) {
      const outcome = await this.takeOne();
      if (outcome === 'none') break;
      if (outcome === 'sent') delivered++;
    }
    return delivered;
  }

  private takeOne(): Promise<string> {
    return inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<QueueRow>(
        `SELECT leadgen_id, page_id, form_id, ad_id, created_time, received_at FROM facebook_lead_queue
          WHERE state = 'pending' AND ${RETRY_DUE} ORDER BY received_at, leadgen_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      const row = rows[0];
      if (!row) return 'none';
      const page = await loadFacebookPage(this.store, row.page_id);
      if (!page.connected) return this.giveUp(tx, row, NO_SUCH_PAGE);
      try {
        await this.deliver(row, page);
      } catch (err) {
        // The person's answers cannot make a lead (neither an e-mail nor a phone, an agent’s own address): no retry mends that.
        if (err instanceof AppError && (err.code === 'validation' || err.code === 'conflict')) return this.giveUp(tx, row, err.message);
        const failure = await recordFailure(tx, 'facebook_lead_queue', 'leadgen_id', [row.leadgen_id], err);
        log.warn(failure.permanent ? 'a Facebook lead was given up' : 'a Facebook lead could not be fetched; it is tried again later', {
          leadgenId: row.leadgen_id,
          pageId: row.page_id,
          error: (err as Error).name,
        });
        return 'failed';
      }
      await tx.query(`UPDATE facebook_lead_queue SET state = 'sent', sent_at = now(), last_attempt_at = now(), last_error = NULL WHERE leadgen_id = $1`, [
        row.leadgen_id,
      ]);
      return 'sent';
    });
  }

  private async deliver(row: QueueRow, page: Extract<FacebookPage, { connected: true }>): Promise<void> {
    const token = await this.tokens.open(page.token);
    if (!token) throw new Error(UNREADABLE_TOKEN);
    try {
      const lead = await this.graph.lead(row.leadgen_id, token);
      const formId = lead.formId ?? row.form_id ?? 'unknown';
      const formName =
        formId === 'unknown'
          ? 'Unknown form'
          : await this.graph.form(formId, token).then(
              (f) => f.name,
              () => formId,
            );
      const source = page.sources[formId] ?? defaultFormSource(formName);
      const now = new Date();
      const ctx = systemContext(now);
      const answer = await this.intake.take(intakeOfLeadAnswers(lead.fields, source, row.leadgen_id, formName), { userId: page.officeId, role: 'broker' }, ctx);
      const submittedAt = (Date.parse(lead.createdTime) ? new Date(lead.createdTime) : (row.created_time ?? row.received_at)).toISOString();
      await handleCommand(
        this.store,
        facebookLeadStream(row.leadgen_id),
        facebookLeadDecider,
        {
          leadgenId: row.leadgen_id,
          pageId: page.pageId,
          officeId: page.officeId,
          formId,
          formName,
          source,
          adId: lead.adId ?? row.ad_id,
          campaignName: lead.campaignName,
          leadId: answer.leadId,
          created: answer.created,
          submittedAt,
        },
        ctx,
      );
    } catch (err) {
      if (err instanceof GraphError && err.tokenRefused) {
        await handleCommand(this.store, facebookPageStream(page.pageId), facebookPageDecider, { kind: 'refused', reason: err.message }, systemContext());
      }
      throw err;
    }
  }

  private async giveUp(tx: pg.PoolClient, row: QueueRow, reason: string): Promise<string> {
    await tx.query(`UPDATE facebook_lead_queue SET state = 'failed', failed_at = now(), last_attempt_at = now(), last_error = $2 WHERE leadgen_id = $1`, [
      row.leadgen_id,
      reason.slice(0, 300),
    ]);
    log.warn('a Facebook lead was given up', { leadgenId: row.leadgen_id, pageId: row.page_id, reason });
    return 'failed';
  }
}
