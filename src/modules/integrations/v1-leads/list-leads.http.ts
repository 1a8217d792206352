import { Controller, Inject, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { type CreatedKey, leadsCreatedAfter } from '../../../../projections/lead-feed';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { DB_POOL } from '../../../runtime/tokens';
import { validation } from '../../../shared/errors';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { isLeadId } from '../../leads';
import { ApiKeyGuard } from '../v1/api-key.guard';
import { v1LeadOf } from './v1-lead';

const DEFAULT_LIMIT = 50;
export const BAD_CURSOR = 'cursor is not one this API gave';

/** The last lead a page gave (its creation in microseconds and id) and the `updatedSince` the listing was asked with. */
type Cursor = { readonly c: string; readonly i: string; readonly s: string | null };
const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decode(text: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    const since = c.s === null || (typeof c.s === 'string' && !Number.isNaN(Date.parse(c.s)));
    if (typeof c.c === 'string' && /^\d{1,19}$/.test(c.c) && isLeadId(c.i) && since) return c;
  } catch {
    // answered below
  }
  throw validation(BAD_CURSOR);
}

@Controller()
@UseGuards(ApiKeyGuard)
export class V1ListLeadsController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  /**
   * Oldest first (creation, then id). The cursor is the place of the page's last lead, not a
   * count: a lead changed, reassigned away or newly matching `updatedSince` between two pages
   * shifts no other lead, so none is skipped or given twice; one made meanwhile comes last.
   */
  @Route(contract.v1.listLeads)
  async list(@Query() q: QueryOf<typeof contract.v1.listLeads>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const limit = q.limit ?? DEFAULT_LIMIT;
    const at = q.cursor ? decode(q.cursor) : null;
    const since = at ? at.s : (q.updatedSince ?? null);
    const after: CreatedKey | null = at ? { createdUs: at.c, leadId: at.i } : null;
    const filters = since ? { lastActivity: { from: new Date(since) } } : {};
    const { rows, keys, more } = await leadsCreatedAfter(this.pool, viewer, filters, after, limit);
    const last = keys.at(-1);
    return { leads: rows.map(v1LeadOf), nextCursor: more && last ? encode({ c: last.createdUs, i: last.leadId, s: since }) : null };
  }
}
