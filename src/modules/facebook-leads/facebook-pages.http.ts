import { Body, Controller, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { facebookPagesOf } from '../../../projections/facebook-leads';
import type { CommandContext } from '../../commands/command-context';
import { commandContextOf } from '../../commands/request-context';
import { handleCommand } from '../../commands/handle-command';
import type { BodyOf, ParamsOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { EventStore } from '../../eventstore/event-store.port';
import { Route } from '../../http/contract/route.decorator';
import { DB_POOL } from '../../runtime/tokens';
import { AppError, conflict, forbidden, notFound, validation } from '../../shared/errors';
import { dashboardViewer } from '../../shared/viewer/viewer';
import { refuseWhileImpersonating } from '../accounts';
import { facebookPageStream } from './facebook-leads.events';
import { facebookPageDecider, type FacebookPage, loadFacebookPage, PAGE_NOT_CONNECTED } from './facebook-page';
import { recordForms } from './facebook-form-sources';
import { FacebookGraph, GraphError } from './graph.port';
import { defaultFormSource } from './lead-answers';
import { PageTokens, UNREADABLE_TOKEN } from './page-tokens';

export const BROKERS_ONLY = "Only a broker connects their office's Facebook pages";
export const NOT_WHILE_IMPERSONATING = 'Facebook pages cannot be connected while impersonating a user';
const GRAPH_DOWN = 'Facebook could not be reached; please try again in a moment';

/** The broker's office (a broker's office id is their user id); agents and staff are refused. */
function officeOf(req: Request): string {
  const viewer = dashboardViewer(req);
  if (viewer.role !== 'broker') throw forbidden(BROKERS_ONLY);
  return viewer.userId;
}

/** Meta's refusal as the broker reads it; anything else: Facebook is unreachable for now. */
function graphRefusal(err: unknown, what: string): AppError {
  if (err instanceof GraphError && err.tokenRefused) return validation(`Facebook refused ${what}: ${err.message}`);
  if (err instanceof GraphError && err.status !== null && err.status < 500) return validation(`Facebook answered: ${err.message}`);
  return new AppError('unavailable', GRAPH_DOWN);
}

/**
 * The office's Facebook pages (Settings → Facebook leads): connect one with its page access token
 * (checked with the Graph API, the page subscribed to our webhook's leadgen field, the token
 * sealed and never shown back), list its lead forms with the source
 * each is filed under, name a form's source, disconnect. A token Meta refuses marks the page for
 * reconnection with Meta's words.
 */
@Controller()
export class FacebookPagesController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(FacebookGraph) private readonly graph: FacebookGraph,
    @Inject(PageTokens) private readonly tokens: PageTokens,
  ) {}

  @Route(contract.facebook.pages)
  async pages(@Req() req: Request) {
    return { pages: await facebookPagesOf(this.pool, officeOf(req)) };
  }

  @Route(contract.facebook.connect)
  async connect(@Body() input: BodyOf<typeof contract.facebook.connect>, @Req() req: Request) {
    const officeId = officeOf(req);
    refuseWhileImpersonating(req, NOT_WHILE_IMPERSONATING);
    const found = await this.graph.page(input.pageId, input.accessToken).catch((err: unknown) => {
      throw graphRefusal(err, 'this page access token');
    });
    if (found.id !== input.pageId) throw validation('This access token is not the page’s own token: use the page access token of that page');
    await this.graph.subscribe(input.pageId, input.accessToken).catch((err: unknown) => {
      throw graphRefusal(err, 'to send this page’s leads to Porchlight');
    });
    const ctx = commandContextOf(req);
    await handleCommand(
      this.store,
      facebookPageStream(input.pageId),
      facebookPageDecider,
      {
        kind: 'connect',
        pageId: input.pageId,
        officeId,
        byUserId: ctx.actorId ?? officeId,
        name: found.name.slice(0, 200),
        token: await this.tokens.seal(input.accessToken),
      },
      ctx,
    );
    await this.listFormsOnConnect(input.pageId, input.accessToken, ctx);
    return { pageId: input.pageId, name: found.name.slice(0, 200), connectedAt: ctx.now.toISOString(), status: 'connected' as const, problem: null };
  }

  @Route(contract.facebook.disconnect)
  async disconnect(@Param() p: ParamsOf<typeof contract.facebook.disconnect>, @Req() req: Request): Promise<undefined> {
    const officeId = officeOf(req);
    await handleCommand(
      this.store,
      facebookPageStream(p.pageId),
      facebookPageDecider,
      { kind: 'disconnect', officeId, byUserId: officeId },
      commandContextOf(req),
    );
    return undefined;
  }

  @Route(contract.facebook.forms)
  async forms(@Param() p: ParamsOf<typeof contract.facebook.forms>, @Req() req: Request) {
    const page = await this.ownPage(p.pageId, officeOf(req));
    const token = await this.tokens.open(page.token);
    if (!token) throw conflict(UNREADABLE_TOKEN);
    let forms;
    try {
      forms = await this.graph.forms(page.pageId, token);
    } catch (err) {
      if (err instanceof GraphError && err.tokenRefused) {
        await handleCommand(this.store, facebookPageStream(page.pageId), facebookPageDecider, { kind: 'refused', reason: err.message }, commandContextOf(req));
        throw conflict(`Facebook refused this page's token: ${err.message} Reconnect the page with a new page access token.`);
      }
      throw graphRefusal(err, "this page's token");
    }
    await recordForms(this.store, page, forms, commandContextOf(req));
    return {
      forms: forms.map((f) => ({
        formId: f.id,
        name: f.name,
        status: f.status,
        source: page.sources[f.id] ?? defaultFormSource(f.name),
        named: f.id in page.sources,
      })),
    };
  }

  @Route(contract.facebook.nameForm)
  async nameForm(
    @Param() p: ParamsOf<typeof contract.facebook.nameForm>,
    @Body() input: BodyOf<typeof contract.facebook.nameForm>,
    @Req() req: Request,
  ): Promise<undefined> {
    const officeId = officeOf(req);
    await handleCommand(
      this.store,
      facebookPageStream(p.pageId),
      facebookPageDecider,
      { kind: 'name-form', officeId, formId: p.formId, source: input.source },
      commandContextOf(req),
    );
    return undefined;
  }

  /** The lead flow offers the new page's forms at once; if Meta cannot list them now, "Refresh forms" does later. */
  private async listFormsOnConnect(pageId: string, token: string, ctx: CommandContext): Promise<void> {
    const forms = await this.graph.forms(pageId, token).catch(() => null);
    const page = await loadFacebookPage(this.store, pageId);
    if (forms && page.connected) await recordForms(this.store, page, forms, ctx);
  }

  private async ownPage(pageId: string, officeId: string): Promise<Extract<FacebookPage, { connected: true }>> {
    const page = /^\d{1,30}$/.test(pageId) ? await loadFacebookPage(this.store, pageId) : null;
    if (!page?.connected || page.officeId !== officeId) throw notFound(PAGE_NOT_CONNECTED);
    return page;
  }
}
