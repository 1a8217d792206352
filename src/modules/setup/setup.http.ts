import { siteById } from '../../../projections/sites';
import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { CONFIG, DB_POOL } from '../../runtime/tokens';
import type { Config } from '../../config/config';
import { EventStore } from '../../eventstore/event-store.port';
import { ApiDoc } from '../../http/openapi/api-doc.decorator';
import { parseBody } from '../../http/parse-body';
import { notFound } from '../../shared/errors';
import { commandContextOf } from '../../commands/request-context';
import { SiteResolver } from '../sites';
import { runFirstRun } from './first-run';
import { setupTokenValid } from './setup-link';

const TokenBody = z.strictObject({ token: z.string().max(100) });

const SetupBody = z.strictObject({
  token: z.string().max(100),
  email: z.string().max(320),
  name: z.string().max(121),
  password: z.string().max(200),
  brokerage: z
    .strictObject({ name: z.string().max(80), brokerEmail: z.string().max(320), brokerName: z.string().max(121), subdomain: z.string().max(63), domain: z.string().max(253).nullable().optional() })
    .optional(),
});

export type SetupDone = { readonly signInUrl: string; readonly siteUrl: string | null };

/**
 * The first-run setup page's two calls, open only with the one-time token a production start
 * printed before any account existed; a wrong or spent token is 404, like a page that is not there.
 */
@Controller('api/setup')
export class SetupController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(SiteResolver) private readonly sites: SiteResolver,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post('check')
  @HttpCode(204)
  @ApiDoc({ summary: 'Whether a first-run setup token is good (before the first account only)', tag: 'setup', access: 'anyone', body: TokenBody, responses: { 204: 'the token is good', 404: '{message}' } })
  async check(@Body() body: unknown): Promise<void> {
    if (!(await setupTokenValid(this.store, parseBody(TokenBody, body).token))) throw notFound('This setup link is not valid any more');
  }

  @Post()
  @HttpCode(201)
  @ApiDoc({ summary: 'First-run setup: the first staff account and, optionally, the first brokerage (broker account and default site)', tag: 'setup', access: 'anyone', body: SetupBody, responses: { 201: '{signInUrl, siteUrl}', 400: '{message}', 404: '{message}', 409: '{message}' } })
  async setUp(@Body() body: unknown, @Req() req: Request): Promise<SetupDone> {
    const { token, ...input } = parseBody(SetupBody, body);
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
