import { Inject, Injectable } from '@nestjs/common';
import pg from 'pg';
import { currentAccountOf } from '../../../../projections/members';
import { type IndexedListing, SearchIndex } from '../../../../projections/search';
import type { Runtime } from '../../../runtime/runtime';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { CONFIG, RUNTIME } from '../../../runtime/tokens';
import { decideAndAppend } from '../../../commands/decide-and-append';
import type { Config } from '../../../config/config';
import { EventStore } from '../../../eventstore/event-store.port';
import { logger } from '../../../shared/logger';
import { CommunicationLinks, loadAccount } from '../../accounts';
import { recordEmailWithheld, UNSUBSCRIBED_REASON } from '../../compliance';
import { addressText, listingPriceText, Mailer, MailHeldBack, recordFailure, RETRY_DUE } from '../../messaging';
import { queueNotification, WebPushSender } from '../../notifications';
import { stableId } from '../../../shared/stable-id';
import { SiteResolver, siteBaseUrl } from '../../sites';
import { ALERTS_PUSH, type AlertChangeKind, type AlertEvent, type AlertReason, alertStream } from '../alerts.events';
import { matchChanges, type QueuedChange } from '../match-alerts/match-changes';
import { SavedSearchCandidates } from '../match-alerts/saved-search-candidates';
import { AlertLinks } from '../open-alerts/alert-links';
import { type AlertItem, changeLine, renderAlertEmail } from './alert-email';
import { storeMatches } from './store-matches';

const log = logger('alerts');
const SWEEP_MS = 2000;
const RETRY_MS = 50;
const MATCH_BATCH = 50;
const SEND_BATCH = 50;
const DIGEST_AGE_MS = { daily: 24 * 3600_000, weekly: 7 * 24 * 3600_000 } as const;
/**
 * How long the working tables keep what is done with: a matched change is never matched again
 * (the projection queues each event once), and a sent or suppressed alert is never sent again;
 * their history lives on as events (PropertyAlertRecorded / Sent). Pruned at most hourly.
 */
export const RETENTION_DAYS = { matchedChanges: 7, finishedAlerts: 90 } as const;
const PRUNE_EVERY_MS = 3600_000;
const DAY_MS = 24 * 3600_000;

export type OutboxRow = {
  alert_id: string;
  lead_id: string;
  user_id: string;
  site_id: string;
  pdid: string;
  change_event_id: string;
  kind: AlertChangeKind;
  detail: Record<string, unknown>;
  reason: AlertReason;
  search_ids: string[];
  frequency: string;
};

/**
 * The alerts process manager's sending half. The alerts projection queues listing changes with
 * its checkpoint; this matches each one (through the SearchIndex port, once the search
 * projection has passed it) into alert_outbox rows, one per lead and change (a unique key),
 * then for each row: checks consent, appends PropertyAlertRecorded (stable id, 'no_stream': a
 * retry is a no-op), sends the e-mail, appends PropertyAlertSent and marks the row sent. A
 * crash before the mark sends again after restart; one process at a time does this (a session
 * advisory lock), the others stand by.
 */
@Injectable()
export class AlertDispatcher extends SweptReactor {
  private lock: pg.Client | undefined;
  private locked = false;
  private chain: Promise<unknown> = Promise.resolve();
  /** Saved searches in memory, followed from alert_searches (the leader's; a stand-by's stays empty). */
  private prunedAt = 0;
  private readonly searches = new SavedSearchCandidates((c) => this.index.prepareMatch(c));
  private retry: NodeJS.Timeout | undefined;

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SearchIndex) private readonly index: SearchIndex,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(CommunicationLinks) private readonly links: CommunicationLinks,
    @Inject(AlertLinks) private readonly alertLinks: AlertLinks,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(WebPushSender) private readonly pushes: WebPushSender,
  ) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'alert dispatch', everyMs: SWEEP_MS, signal: { name: ALERTS_PUSH, runtime: this.runtime } };
  }

  protected onSweep(): Promise<unknown> {
    return this.dispatch();
  }

  override async onModuleDestroy(): Promise<void> {
    clearTimeout(this.retry);
    await this.sweeper.stop();
    await this.chain.catch(() => undefined);
    await this.lock?.end().catch(() => undefined);
    this.lock = undefined;
    this.locked = false;
  }

  /** Matches and sends what is waiting; calls while one runs collapse into one more run. */
  kick(): void {
    this.sweeper.kick();
  }

  /** One run: what is left waiting (changes the search index has not reached yet) is tried again soon. */
  private dispatch(): Promise<void> {
    return this.exclusive(async () => {
      const waiting = await this.drain();
      if (waiting && !this.sweeper.isStopped) {
        clearTimeout(this.retry);
        this.retry = setTimeout(() => this.sweeper.kick(), RETRY_MS);
      }
    });
  }

  /** Daily and weekly digests due at `now`: each lead's pending matches of that frequency in one e-mail. */
  sendDigests(now: Date): Promise<number> {
    return this.exclusive(async () => ((await this.takeLock()) ? this.digests(now) : 0));
  }

  /** Removes matched changes and finished alerts past their retention at `now` (the sweep does it hourly). */
  prune(now: Date): Promise<{ changes: number; alerts: number }> {
    return this.exclusive(async () => ((await this.takeLock()) ? this.pruneAt(now) : { changes: 0, alerts: 0 }));
  }

  private async pruneAt(now: Date): Promise<{ changes: number; alerts: number }> {
    const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const changes = await this.lock!.query('DELETE FROM alert_changes WHERE matched_at < $1', [before(RETENTION_DAYS.matchedChanges)]);
    const alerts = await this.lock!.query(`DELETE FROM alert_outbox WHERE state IN ('sent', 'suppressed') AND coalesce(sent_at, created_at) < $1`, [
      before(RETENTION_DAYS.finishedAlerts),
    ]);
    return { changes: changes.rowCount ?? 0, alerts: alerts.rowCount ?? 0 };
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.chain.then(fn, fn);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** The session that holds the dispatcher's advisory lock; a stand-by keeps its session and asks again. */
  private async takeLock(): Promise<boolean> {
    if (this.lock && this.locked) return true;
    if (!this.lock) {
      const client = new pg.Client({ connectionString: this.runtime.db.url });
      client.on('error', () => {
        if (this.lock === client) this.lock = undefined;
        this.locked = false;
      });
      await client.connect();
      this.lock = client;
    }
    const { rows } = await this.lock.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtext('alerts:dispatcher')) AS ok`);
    this.locked = rows[0]?.ok === true;
    return this.locked;
  }

  /** True when changes wait for the search projection to catch up. */
  private async drain(): Promise<boolean> {
    if (!(await this.takeLock())) return false;
    let waiting = false;
    for (let round = 0; round < 100 && !this.sweeper.isStopped; round++) {
      const m = await this.matchReady();
      waiting = m.waiting;
      const sent = await this.sendInstant();
      if (m.matched === 0 && sent === 0) break;
    }
    await this.digests(new Date());
    if (Date.now() - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await this.pruneAt(new Date());
    }
    return waiting;
  }

  private async matchReady(): Promise<{ matched: number; waiting: boolean }> {
    const db = this.lock!;
    await db.query('BEGIN');
    try {
      // Only changes the search index already reflects (matching reads the listing from it) and the
      // alerts read model has passed (every search saved before the change is there). Locked until
      // marked, so the queue never folds another part of the record into a row being matched.
      const { rows } = await db.query<QueuedChange>(
        `SELECT c.event_id, c.pdid, c.kind, c.detail, c.tx_id::text, c.global_position::text, c.at FROM alert_changes c, projection_checkpoints s, projection_checkpoints a
          WHERE c.matched_at IS NULL AND s.name = 'search' AND (c.tx_id, c.global_position) <= (s.transaction_id::text::bigint, s.global_position)
            AND a.name = 'alerts' AND (c.tx_id, c.global_position) <= (a.transaction_id::text::bigint, a.global_position)
          ORDER BY c.tx_id, c.global_position LIMIT ${MATCH_BATCH} FOR UPDATE OF c`,
      );
      // After reading the changes: the searches saved before them are committed by now.
      if (rows.length) {
        await this.searches.refresh(db);
        await storeMatches(db, rows, await matchChanges(db, this.index, this.searches, rows));
      }
      if (rows.length) await db.query('UPDATE alert_changes SET matched_at = now() WHERE event_id = ANY($1::uuid[])', [rows.map((r) => r.event_id)]);
      const left = await db.query('SELECT 1 FROM alert_changes WHERE matched_at IS NULL LIMIT 1');
      await db.query('COMMIT');
      return { matched: rows.length, waiting: rows.length === 0 && left.rows.length > 0 };
    } catch (err) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }

  private async sendInstant(): Promise<number> {
    const { rows } = await this.lock!.query<OutboxRow>(
      `SELECT * FROM alert_outbox WHERE state = 'pending' AND ${RETRY_DUE} AND frequency = 'instant' ORDER BY attempts, created_at, alert_id LIMIT ${SEND_BATCH}`,
    );
    let done = 0;
    for (const row of rows) if (await this.deliver([row], null)) done++;
    return done;
  }

  private async digests(now: Date): Promise<number> {
    let sent = 0;
    for (const frequency of ['daily', 'weekly'] as const) {
      const { rows: due } = await this.lock!.query<{ lead_id: string }>(
        `SELECT lead_id FROM alert_outbox WHERE state = 'pending' AND ${RETRY_DUE} AND frequency = $1 GROUP BY lead_id HAVING min(created_at) <= $2`,
        [frequency, new Date(now.getTime() - DIGEST_AGE_MS[frequency])],
      );
      for (const { lead_id } of due) {
        const { rows } = await this.lock!.query<OutboxRow>(
          `SELECT * FROM alert_outbox WHERE state = 'pending' AND ${RETRY_DUE} AND frequency = $1 AND lead_id = $2 ORDER BY created_at, alert_id LIMIT 50`,
          [frequency, lead_id],
        );
        if (await this.deliver(rows, frequency)) sent++;
      }
    }
    return sent;
  }

  /** One e-mail for these rows (one alert, or one lead's digest); false when nothing went out. */
  private async deliver(rows: readonly OutboxRow[], digest: 'daily' | 'weekly' | null): Promise<boolean> {
    const first = rows[0]!;
    const ids = rows.map((r) => r.alert_id);
    // A merged account's alerts follow the survivor (issue 18): its address, consent, links and browsers; an unmerge gives them back.
    const to = await currentAccountOf(this.lock!, first.user_id);
    const { account } = await loadAccount(this.store, to);
    const consents = (r: OutboxRow) =>
      account.exists && account.consent.email && (r.reason === 'favorite' ? account.consent.propertyUpdates : account.consent.propertyAlerts);
    const listings = new Map((await this.index.listings(rows.map((r) => r.pdid))).map((l) => [l.pdid, l]));
    const site = await this.sites.byId(first.site_id);
    const sendable = rows.filter((r) => consents(r) && listings.has(r.pdid) && site);
    const skipped = ids.filter((id) => !sendable.some((r) => r.alert_id === id));
    if (skipped.length) await this.lock!.query(`UPDATE alert_outbox SET state = 'suppressed' WHERE alert_id = ANY($1::uuid[])`, [skipped]);
    // The lead's e-mail is off (they unsubscribed, or a complaint turned it off): the e-mail is not composed, and the timeline says why, as the mail path says it for an e-mail it holds back.
    if (account.exists && !account.consent.email)
      await recordEmailWithheld(this.store, account.email, { leadId: first.lead_id, messageId: first.alert_id, withheld: UNSUBSCRIBED_REASON });
    if (!sendable.length || !account.exists || !site) return false;

    const digestId = digest ? stableId(`digest ${sendable.map((r) => r.alert_id).join(' ')}`) : null;
    const dataOf = (r: OutboxRow) => ({
      alertId: r.alert_id,
      leadId: r.lead_id,
      // The account it goes to (its links are bound to it, and it is the one that opens it).
      userId: to,
      siteId: r.site_id,
      pdid: r.pdid,
      kind: r.kind,
      reason: r.reason,
      searchIds: r.search_ids,
      change: changeLine(r.kind, r.detail, listings.get(r.pdid)!.forRent),
      digestId,
    });
    for (const r of sendable) await this.append(r, 'no_stream', { type: 'PropertyAlertRecorded', data: dataOf(r) });

    const unsubscribe = await this.links.unsubscribeLinks(to, site);
    const baseUrl = siteBaseUrl(site, this.config.publicUrl);
    const opens = await this.alertLinks.forAlerts(
      to,
      sendable.map((r) => r.alert_id),
      baseUrl,
    );
    const items: AlertItem[] = sendable.map((r) => ({
      kind: r.kind,
      reason: r.reason,
      detail: r.detail,
      listing: listings.get(r.pdid)!,
      links: opens.get(r.alert_id),
    }));
    const message = renderAlertEmail(
      items,
      {
        to: account.email,
        firstName: account.firstName,
        siteName: site.name,
        baseUrl,
        unsubscribe: { propertyAlerts: unsubscribe.On_PropertyAlerts, email: unsubscribe.unsubscribe_email, headers: unsubscribe.headers },
      },
      digest,
    );
    try {
      await this.mailer.send({ ...message, lead: { leadId: first.lead_id, messageId: first.alert_id } });
    } catch (err) {
      // An address that bounced for good or complained gets no alert; the mail path put why on the lead's timeline.
      if (err instanceof MailHeldBack) {
        await this.lock!.query(`UPDATE alert_outbox SET state = 'suppressed' WHERE alert_id = ANY($1::uuid[])`, [ids]);
        return false;
      }
      const failure = await recordFailure(
        this.lock!,
        'alert_outbox',
        'alert_id',
        sendable.map((r) => r.alert_id),
        err,
      );
      log.warn(failure.permanent ? 'alert e-mail refused for good' : 'alert e-mail failed; it is tried again later', {
        error: (err as Error).name,
        alerts: sendable.length,
      });
      return false;
    }
    for (const r of sendable) await this.append(r, 0n, { type: 'PropertyAlertSent', data: { ...dataOf(r), subject: message.subject } });
    // Queued before the row is marked sent, keyed by the alert: a retry after a crash queues nothing twice.
    if (!digest) for (const r of sendable) await queueNotification(this.lock!, `alert ${r.alert_id}`, to, instantPush(r, listings.get(r.pdid)!));
    await this.lock!.query(`UPDATE alert_outbox SET state = 'sent', sent_at = now() WHERE alert_id = ANY($1::uuid[])`, [sendable.map((r) => r.alert_id)]);
    // The session commits each statement: the pushes are in the web push queue, and its sender sends them now, not at its next sweep.
    if (!digest) this.pushes.wake();
    return true;
  }

  private async append(r: OutboxRow, expected: 'no_stream' | bigint, event: AlertEvent): Promise<void> {
    const events = [
      {
        ...event,
        // Stable: the retry after a crash is the same event at the same place, stored once.
        eventId: stableId(`${r.alert_id} ${event.type}`),
        metadata: {
          siteId: r.site_id,
          actorId: null,
          impersonatorId: null,
          correlationId: r.alert_id,
          causationId: r.change_event_id,
          at: new Date().toISOString(),
        },
      },
    ];
    await decideAndAppend(this.store, async () => ({ appends: [{ streamId: alertStream(r.alert_id), expected, events }], result: undefined }), { attempts: 1 });
  }
}

/**
 * An instant alert also goes to the lead's browsers that allowed web push, after the e-mail (so
 * under the same consent), through the web push outbox; the alert's id is the push's id.
 */
const instantPush = (r: OutboxRow, listing: IndexedListing) => ({
  title: changeLine(r.kind, r.detail, listing.forRent),
  body: `${addressText(listing)} — ${listingPriceText(listing)}`,
  url: `/listing/${encodeURIComponent(r.pdid)}`,
  tag: `alert-${r.alert_id}`,
  id: r.alert_id,
});
