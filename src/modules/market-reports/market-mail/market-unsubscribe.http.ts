import { Body, Controller, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { marketSubscriptionsOf } from '../../../../projections/market-subscribers';
import type pg from 'pg';
import { commandContextOf } from '../../../commands/request-context';
import { handleCommand } from '../../../commands/handle-command';
import type { BodyOf, QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { DB_POOL } from '../../../runtime/tokens';
import { notFound } from '../../../shared/errors';
import { SecretKey } from '../../accounts';
import { loadLead } from '../../leads';
import type { MarketReportUnsubscribed } from '../market-reports.events';
import { marketSubscriptionDecider, marketSubscriptionStream } from '../market-subscription';
import { openMarketUnsubscribe } from './market-unsubscribe-link';

export const STOP_LINK_UNKNOWN = 'This link is not valid: use the one in your latest market report e-mail';

/**
 * The monthly market e-mail's unsubscribe, per area: its page (the link under each area) and the
 * one-click List-Unsubscribe the mail provider posts. Each records MarketReportUnsubscribed for the
 * areas its signed link names and the lead still follows; the lead's e-mail consent is not touched.
 */
@Controller()
export class MarketUnsubscribeController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(SecretKey) private readonly secret: SecretKey,
  ) {}

  @Route(contract.marketReports.stopAreas)
  async areas(@Query() { t }: QueryOf<typeof contract.marketReports.stopAreas>) {
    const link = await this.open(t);
    const followed = new Map((await marketSubscriptionsOf(this.pool, link.leadId)).map((a) => [a.slug, a.label]));
    const events = await this.store.readStream(marketSubscriptionStream(link.leadId));
    // Labels of areas no longer followed come from the log.
    const labels = new Map(events.map((e) => [(e.data as { slug: string }).slug, (e.data as { label: string }).label]));
    return { areas: link.slugs.map((slug) => ({ slug, label: followed.get(slug) ?? labels.get(slug) ?? slug, subscribed: followed.has(slug) })) };
  }

  @Route(contract.marketReports.stop)
  async stop(@Body() { t }: BodyOf<typeof contract.marketReports.stop>, @Req() req: Request) {
    await this.unsubscribe(req, t, 'link');
    return { isSuccess: true as const };
  }

  /** The form is validated before the token (the body's argument comes first). */
  @Route(contract.marketReports.oneClick)
  async oneClick(
    @Body() _form: BodyOf<typeof contract.marketReports.oneClick>,
    @Query() { t }: QueryOf<typeof contract.marketReports.oneClick>,
    @Req() req: Request,
  ) {
    await this.unsubscribe(req, t, 'one-click');
    return { isSuccess: true as const };
  }

  private async open(t: string) {
    const link = openMarketUnsubscribe(await this.secret.get(), t);
    if (!link) throw notFound(STOP_LINK_UNKNOWN);
    return link;
  }

  private async unsubscribe(req: Request, t: string, how: MarketReportUnsubscribed['data']['how']): Promise<void> {
    const link = await this.open(t);
    const { lead } = await loadLead(this.store, link.leadId);
    // A lead erased or merged away has nothing left to stop.
    if (!lead.exists) return;
    await handleCommand(
      this.store,
      marketSubscriptionStream(link.leadId),
      marketSubscriptionDecider,
      { kind: 'unsubscribe', leadId: link.leadId, siteId: lead.siteId, slugs: link.slugs, how },
      commandContextOf(req, null),
    );
  }
}
