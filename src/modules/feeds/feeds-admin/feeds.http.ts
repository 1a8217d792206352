import { Body, Delete, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { listFeeds, publicSettings } from '../../../../projections/feeds';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { conflict, notFound } from '../../../shared/errors';
import { Outbound } from '../../../shared/net/outbound';
import { commandContextOf } from '../../../commands/request-context';
import { BackofficeController } from '../../backoffice';
import { MLS_NAME } from '../../listings';
import { configureFeed, removeFeed } from '../configure-feed/configure-feed';
import { FeedInput } from '../configure-feed/feed-input';
import { FeedSecrets } from '../feed-secrets';
import type { FeedSyncKind } from '../feeds.events';
import { activeFeedSettings } from '../load-feed';
import { FeedBusyError } from '../reso-client/feed-errors';
import { FeedRuns } from '../run-feeds/feed-runs.service';

const Empty = z.strictObject({});
const TAG = 'Back-office: feeds';

/**
 * MLS feeds in the back-office (contract 4a): the list with each feed's status, add or change a
 * feed (secrets are write-only: sent to set them, never answered), remove it, and "Sync now" /
 * "Reconcile now", which start a run in this process and answer at once (progress is pushed
 * to staff as feed.progress).
 */
@BackofficeController('feeds')
export class FeedsController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(FeedSecrets) private readonly secrets: FeedSecrets,
    @Inject(FeedRuns) private readonly runs: FeedRuns,
    @Inject(Outbound) private readonly outbound: Outbound,
  ) {}

  @Get()
  @ApiDoc({ summary: 'Every feed: url, lastSyncAt, lastSuccessAt, counts, lagSeconds, lastError, the run in progress and its settings (never its secrets)', tag: TAG, access: 'staff', responses: { 200: '{feeds:[...]}', 403: 'below level 25' } })
  async list() {
    return { feeds: await listFeeds(this.pool) };
  }

  @Post()
  @HttpCode(200)
  @ApiDoc({
    summary: 'Add feed `name`, or change it (what is left out stays as it was, secrets included; a changed token URL or service root needs the secret again)',
    tag: TAG,
    access: 'staff',
    body: FeedInput,
    responses: { 200: '{isSuccess, name, created, changed, settings}', 400: '{message}: invalid, a secret missing for a changed address, or a URL that leads to a private address (production)' },
  })
  async configure(@Body() body: unknown, @Req() req: Request) {
    const input = parseBody(FeedInput, body);
    const { settings, changed, created } = await configureFeed(this.store, this.secrets, input, commandContextOf(req), this.outbound);
    return { isSuccess: true, name: input.name, created, changed, settings: publicSettings(settings) };
  }

  @Post(':name/sync')
  @HttpCode(202)
  @ApiDoc({ summary: 'Sync the feed now, in this process (full the first time, incremental after)', tag: TAG, access: 'staff', body: Empty, responses: { 202: '{isSuccess, syncId}', 404: 'no such feed', 409: 'a sync of it is running' } })
  sync(@Param('name') name: string, @Body() body: unknown, @Req() req: Request) {
    parseBody(Empty, body ?? {});
    return this.start(name, 'sync', req);
  }

  @Post(':name/reconcile')
  @HttpCode(202)
  @ApiDoc({ summary: "Compare every key the feed's server holds with ours now and remove what it no longer has", tag: TAG, access: 'staff', body: Empty, responses: { 202: '{isSuccess, syncId}', 404: 'no such feed', 409: 'a sync of it is running' } })
  reconcile(@Param('name') name: string, @Body() body: unknown, @Req() req: Request) {
    parseBody(Empty, body ?? {});
    return this.start(name, 'reconcile', req);
  }

  @Post(':name/remove')
  @HttpCode(200)
  @ApiDoc({ summary: 'Stop the feed (its listings stay)', tag: TAG, access: 'staff', body: Empty, responses: { 200: '{isSuccess}', 404: 'no such feed' } })
  async remove(@Param('name') name: string, @Body() body: unknown, @Req() req: Request) {
    parseBody(Empty, body ?? {});
    return this.removeFeed(name, req);
  }

  @Delete(':name')
  @ApiDoc({ summary: 'Stop the feed (its listings stay); the same as POST :name/remove', tag: TAG, access: 'staff', responses: { 200: '{isSuccess}', 404: 'no such feed' } })
  async delete(@Param('name') name: string, @Req() req: Request) {
    return this.removeFeed(name, req);
  }

  private async removeFeed(name: string, req: Request) {
    if (!MLS_NAME.test(name)) throw notFound(`No feed named ${name}`);
    await removeFeed(this.store, name, commandContextOf(req));
    return { isSuccess: true };
  }

  private async start(name: string, kind: FeedSyncKind, req: Request) {
    if (!MLS_NAME.test(name)) throw notFound(`No feed named ${name}`);
    await activeFeedSettings(this.store, name);
    try {
      const syncId = await this.runs.start(name, kind, commandContextOf(req));
      return { isSuccess: true, syncId };
    } catch (err) {
      if (err instanceof FeedBusyError) throw conflict(err.message);
      throw err;
    }
  }
}
