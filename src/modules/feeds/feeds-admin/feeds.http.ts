import { Body, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { listFeeds, publicSettings } from '../../../../projections/feeds';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { conflict, notFound } from '../../../shared/errors';
import { Outbound } from '../../../shared/net/outbound';
import { commandContextOf } from '../../../commands/request-context';
import { BackofficeController } from '../../backoffice';
import { MLS_NAME } from '../../listings';
import { configureFeed, removeFeed } from '../configure-feed/configure-feed';
import { FeedSecrets } from '../feed-secrets';
import type { FeedSyncKind } from '../feeds.events';
import { activeFeedSettings } from '../load-feed';
import { FeedBusyError } from '../reso-client/feed-errors';
import { withRunLiveness } from '../run-feeds/feed-liveness';
import { FeedRuns } from '../run-feeds/feed-runs.service';

const routes = contract.feeds;
/** Sync, reconcile and remove take an empty body (validated, so an unknown field in it is refused). */
type Empty = BodyOf<typeof routes.sync>;

/**
 * MLS feeds in the back-office (contract 4a): the list with each feed's status, add or change a
 * feed (secrets are write-only: sent to set them, never answered), remove it, and "Sync now" /
 * "Reconcile now", which start a run in this process and answer at once (progress is pushed
 * to staff as feed.progress).
 */
@BackofficeController()
export class FeedsController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(FeedSecrets) private readonly secrets: FeedSecrets,
    @Inject(FeedRuns) private readonly runs: FeedRuns,
    @Inject(Outbound) private readonly outbound: Outbound,
  ) {}

  @Route(routes.list)
  async list() {
    return { feeds: await withRunLiveness(this.pool, this.store, await listFeeds(this.pool)) };
  }

  @Route(routes.configure)
  async configure(@Body() input: BodyOf<typeof routes.configure>, @Req() req: Request) {
    const { settings, changed, created } = await configureFeed(this.store, this.secrets, input, commandContextOf(req), this.outbound);
    return { isSuccess: true as const, name: input.name, created, changed, settings: publicSettings(settings) };
  }

  @Route(routes.sync)
  sync(@Param('name') name: string, @Body() _empty: Empty, @Req() req: Request) {
    return this.start(name, 'sync', req);
  }

  @Route(routes.reconcile)
  reconcile(@Param('name') name: string, @Body() _empty: Empty, @Req() req: Request) {
    return this.start(name, 'reconcile', req);
  }

  @Route(routes.remove)
  async remove(@Param('name') name: string, @Body() _empty: Empty, @Req() req: Request) {
    return this.removeFeed(name, req);
  }

  @Route(routes.delete)
  async delete(@Param('name') name: string, @Req() req: Request) {
    return this.removeFeed(name, req);
  }

  private async removeFeed(name: string, req: Request) {
    if (!MLS_NAME.test(name)) throw notFound(`No feed named ${name}`);
    await removeFeed(this.store, name, commandContextOf(req));
    return { isSuccess: true as const };
  }

  private async start(name: string, kind: FeedSyncKind, req: Request) {
    if (!MLS_NAME.test(name)) throw notFound(`No feed named ${name}`);
    await activeFeedSettings(this.store, name);
    try {
      const syncId = await this.runs.start(name, kind, commandContextOf(req));
      return { isSuccess: true as const, syncId };
    } catch (err) {
      if (err instanceof FeedBusyError) throw conflict(err.message);
      throw err;
    }
  }
}
