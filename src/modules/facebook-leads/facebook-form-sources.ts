import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { facebookPagesOf } from '../../../projections/facebook-leads';
import type { CommandContext } from '../../commands/command-context';
import { handleCommand } from '../../commands/handle-command';
import { EventStore } from '../../eventstore/event-store.port';
import { DB_POOL } from '../../runtime/tokens';
import { AppError, conflict } from '../../shared/errors';
import { LeadFlowFormSources } from '../integrations';
import { facebookPageStream } from './facebook-leads.events';
import { facebookPageDecider, type FacebookPage, loadFacebookPage } from './facebook-page';
import { FacebookGraph, GraphError, type GraphForm } from './graph.port';
import { defaultFormSource } from './lead-answers';
import { PageTokens } from './page-tokens';

type ConnectedPage = Extract<FacebookPage, { connected: true }>;

/**
 * Every lead form of the office's connected pages under the source its leads are filed under (the
 * broker's name for it, else "Facebook: <form name>"), as last listed from the Graph API (at
 * connection, on the broker's refresh, when a page's forms are shown): reading them asks Meta nothing.
 */
@Injectable()
export class FacebookFormSources extends LeadFlowFormSources {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(FacebookGraph) private readonly graph: FacebookGraph,
    @Inject(PageTokens) private readonly tokens: PageTokens,
  ) {
    super();
  }

  async of(officeId: string): Promise<readonly string[]> {
    const pages = await this.connectedPages(officeId);
    return pages.flatMap((page) => Object.entries(page.forms).map(([formId, name]) => page.sources[formId] ?? defaultFormSource(name)));
  }

  /** Every page is tried; a page Meta refuses is marked for reconnection; the first failure is the answer once all were tried. */
  async refresh(officeId: string, ctx: CommandContext): Promise<void> {
    let failure: AppError | null = null;
    for (const page of await this.connectedPages(officeId)) {
      const token = await this.tokens.open(page.token);
      if (!token) continue;
      try {
        await recordForms(this.store, page, await this.graph.forms(page.pageId, token), ctx);
      } catch (err) {
        if (!(err instanceof GraphError)) throw err;
        if (err.tokenRefused)
          await handleCommand(this.store, facebookPageStream(page.pageId), facebookPageDecider, { kind: 'refused', reason: err.message }, ctx);
        failure ??= err.tokenRefused
          ? conflict(`Facebook refused the token of the page ${page.name}: ${err.message} Reconnect the page with a new page access token.`)
          : new AppError('unavailable', `Facebook could not list the forms of the page ${page.name}; please try again in a moment`);
      }
    }
    if (failure) throw failure;
  }

  private async connectedPages(officeId: string): Promise<ConnectedPage[]> {
    const listed = (await facebookPagesOf(this.pool, officeId)).filter((p) => p.status === 'connected');
    const pages = await Promise.all(listed.map((p) => loadFacebookPage(this.store, p.pageId)));
    return pages.filter((p): p is ConnectedPage => p.connected && p.officeId === officeId);
  }
}

/** The page's forms as the Graph API just listed them (nothing appended when they are the ones kept). */
export async function recordForms(store: EventStore, page: ConnectedPage, forms: readonly GraphForm[], ctx: CommandContext): Promise<void> {
  await handleCommand(store, facebookPageStream(page.pageId), facebookPageDecider, { kind: 'forms-listed', officeId: page.officeId, forms }, ctx);
}
