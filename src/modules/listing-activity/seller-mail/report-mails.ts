import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { commandContextOf } from '../../../commands/request-context';
import { handleCommand } from '../../../commands/handle-command';
import type { BodyOf } from '../../../contract/route';
import type { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { type RateLimit, RateLimiter } from '../../../http/rate-limiter';
import { DB_POOL } from '../../../runtime/tokens';
import { conflict, notFound, validation } from '../../../shared/errors';
import { SealedItems } from '../../../eventstore/personal-data/sealed-items';
import { loadAccount, parseEmail, SecretKey } from '../../accounts';
import { undeliverable, undeliverableMessage } from '../../compliance';
import { type ListingActivityEvent, type ListingReportEmailed, listingActivityStream } from '../listing-activity.events';
import { SELLER_LINK_DAYS } from '../seller-link';
import { NO_SUCH_REPORT_MAIL, reportMailDecider } from './report-mail.decide';

/** An agent sends a seller a report now and then, by hand: far above that is a script. */
export const REPORT_MAILS_PER_AGENT: RateLimit = {
  name: 'listing-report-mail-agent',
  limit: 30,
  windowSeconds: 3600,
  message: 'You have e-mailed too many listing reports in the last hour. Please try again later.',
};

type Input = BodyOf<typeof contract.listingActivity.sellerMail>;

/**
 * "E-mail it to the seller": ListingReportEmailed on the listing's activity stream, which the
 * listing_report_mail queue turns into exactly one e-mail (ReportMailSender sends it, never this
 * request). The caller has checked the listing is in the viewer's scope.
 */
@Injectable()
export class ReportMails {
  private readonly sealed: SealedItems;

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
    @Inject(SecretKey) secret: SecretKey,
  ) {
    this.sealed = new SealedItems(pool, secret);
  }

  async send(req: Request, pdid: string, input: Input, byUserId: string): Promise<{ sendId: string }> {
    const stream = listingActivityStream(pdid);
    // A retried request is answered as the first was, without counting against the limit again.
    const sent = (await this.store.readStream(stream)) as unknown as ListingActivityEvent[];
    if (sent.some((e) => e.data.sendId === input.sendId)) return { sendId: input.sendId };
    const to = parseEmail(input.sellerEmail);
    if (!to) throw validation('Please enter a valid e-mail address');
    await this.limiter.enforce(REPORT_MAILS_PER_AGENT, byUserId);
    const bounced = await undeliverable(this.store, to);
    if (bounced) throw conflict(undeliverableMessage(to, bounced));
    const expiresAt = new Date(Date.now() + SELLER_LINK_DAYS * 86_400_000).toISOString();
    // Findable by the seller's address before it is sealed, for an erasure on request and for retention.
    await this.sealed.remember('listing-report', input.sendId, [to], new Date());
    await handleCommand(
      this.store,
      stream,
      reportMailDecider,
      { kind: 'email', sendId: input.sendId, pdid, byUserId, sellerName: input.sellerName, sellerEmail: to, note: (input.note ?? '').trim(), expiresAt },
      commandContextOf(req),
    );
    return { sendId: input.sendId };
  }

  /**
   * "Forget this seller": the send's key destroyed (its name, address and note read as erased in
   * the log, the list and every later read), then ListingReportSellerForgotten, once. 404 for a
   * send not on this listing.
   */
  async forget(req: Request, pdid: string, sendId: string, byUserId: string): Promise<{ erased: true }> {
    const stream = listingActivityStream(pdid);
    const sent = (await this.store.readStream(stream)) as unknown as ListingActivityEvent[];
    if (!sent.some((e) => e.type === 'ListingReportEmailed' && e.data.sendId === sendId)) throw notFound(NO_SUCH_REPORT_MAIL);
    await this.sealed.erase([sendId]);
    await handleCommand(this.store, stream, reportMailDecider, { kind: 'forget', sendId, pdid, byUserId }, commandContextOf(req));
    return { erased: true };
  }

  /** The reports e-mailed from this listing, newest first, each with its outbox row's state ('pending' until the queue has it). */
  async list(pdid: string) {
    const events = ((await this.store.readStream(listingActivityStream(pdid))) as unknown as (ListingActivityEvent & { metadata: { at: string } })[]).filter(
      (e): e is ListingReportEmailed & { metadata: { at: string } } => e.type === 'ListingReportEmailed',
    );
    const { rows } = await this.pool.query<{ send_id: string; state: string }>('SELECT send_id, state FROM listing_report_mail_outbox WHERE pdid = $1', [pdid]);
    const states = new Map(rows.map((r) => [r.send_id, r.state]));
    const erased = await this.sealed.erased(events.map((e) => e.data.sendId));
    const names = new Map<string, string>();
    for (const id of new Set(events.map((e) => e.data.byUserId))) {
      const { account } = await loadAccount(this.store, id);
      names.set(id, account.exists ? `${account.firstName} ${account.lastName}`.trim() : 'A former user');
    }
    return {
      mails: events.reverse().map((e) => ({
        sendId: e.data.sendId,
        sellerName: e.data.sellerName,
        sellerEmail: e.data.sellerEmail,
        byName: names.get(e.data.byUserId) ?? '',
        at: e.metadata.at,
        state: states.get(e.data.sendId) ?? 'pending',
        erased: erased.has(e.data.sendId),
      })),
    };
  }
}
