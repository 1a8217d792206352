import { siteById } from '../../../projections/sites';
import { Body, Controller, Inject, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { CONFIG, DB_POOL } from '../../runtime/tokens';
import type { Config } from '../../config/config';
import { EventStore } from '../../eventstore/event-store.port';
import type { AnswerOf, BodyOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { Route } from '../../http/contract/route.decorator';
import { notFound } from '../../shared/errors';
import { commandContextOf } from '../../commands/request-context';
import { SiteResolver } from '../sites';
import { runFirstRun } from './first-run';
import { setupTokenValid } from './setup-link';

/**
 * The first-run setup page's two calls, open only with the one-time token a production start
 * printed before any account existed; a wrong or spent token is 404, like a page that is not there.
 */
@Controller()
export class SetupController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Route(contract.setup.check)
  async check(@Body() { token }: BodyOf<typeof contract.setup.check>): Promise<undefined> {
    if (!(await setupTokenValid(this.store, token))) throw notFound('This setup link is not valid any more');
    return undefined;
  }

  @Route(contract.setup.run)
  async setUp(@Body() { token, ...input }: BodyOf<typeof contract.setup.run>, @Req() req: Request): Promise<AnswerOf<typeof contract.setup.run>> {
    if (!(await setupTokenValid(this.store, token))) throw notFound('This setup link is not valid any more');
    const done = await runFirstRun(this.store, this.commands, input, commandContextOf(req));
    let siteUrl: string | null = null;
    if (done.siteId) {
      // Answered once the host resolver can find the site, so that the next page load is the site.
      const deadline = Date.now() + 3_000;
      while (!(await siteById(this.pool, done.siteId)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      this.sites.invalidate();
      // The first brokerage's site is the default one: the product's own address serves it.
      siteUrl = this.config.publicUrl;
    }
    return { signInUrl: '/account/login/admin', siteUrl };
  }
}
