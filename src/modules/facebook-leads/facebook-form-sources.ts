import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { facebookPagesOf } from '../../../projections/facebook-leads';
import { EventStore } from '../../eventstore/event-store.port';
import { DB_POOL } from '../../runtime/tokens';
import { logger } from '../../shared/logger';
import { LeadFlowFormSources } from '../integrations';
import { loadFacebookPage } from './facebook-page';
import { FacebookGraph } from './graph.port';
import { defaultFormSource } from './lead-answers';
import { PageTokens } from './page-tokens';

const log = logger('facebook-leads');

/**
 * Every lead form of the office's connected pages, as the Graph API lists them now, under the
 * source its leads are filed under (the broker's name for it, else "Facebook: <form name>"). A page
 * whose token Meta refuses, or a Graph API that is down, gives none for now: its own screen says why.
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
    const pages = (await facebookPagesOf(this.pool, officeId)).filter((p) => p.status === 'connected');
    const lists = await Promise.all(pages.map((p) => this.sourcesOf(p.pageId, officeId)));
    return lists.flat();
  }

  private async sourcesOf(pageId: string, officeId: string): Promise<string[]> {
    const page = await loadFacebookPage(this.store, pageId);
    if (!page.connected || page.officeId !== officeId) return [];
    const token = await this.tokens.open(page.token);
    if (!token) return [];
    try {
      const forms = await this.graph.forms(pageId, token);
      return forms.map((f) => page.sources[f.id] ?? defaultFormSource(f.name));
    } catch (err) {
      log.warn("a Facebook page's lead forms could not be listed for the lead flow", { pageId, error: (err as Error).name });
      return [];
    }
  }
}
