import { Controller, Inject, Query, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { listLeads } from '../../../../projections/lead-feed';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { DB_POOL } from '../../../runtime/tokens';
import { validation } from '../../../shared/errors';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { ApiKeyGuard } from '../v1/api-key.guard';
import { v1LeadOf } from './v1-lead';

const DEFAULT_LIMIT = 50;
export const BAD_CURSOR = 'cursor is not one this API gave';

type Cursor = { readonly o: number; readonly s: string | null };
const encode = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decode(text: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (Number.isInteger(c.o) && c.o >= 0 && (c.s === null || typeof c.s === 'string')) return c;
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
   * Oldest first (creation, then id): a lead made while a client pages lands after its last page,
   * never between pages. The cursor carries the page's place and the `updatedSince` it was asked with.
   */
  @Route(contract.v1.listLeads)
  async list(@Query() q: QueryOf<typeof contract.v1.listLeads>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const limit = q.limit ?? DEFAULT_LIMIT;
    const at = q.cursor ? decode(q.cursor) : { o: 0, s: q.updatedSince ?? null };
    const since = at.s ? new Date(at.s) : undefined;
    const filters = { sort: { key: 'created' as const, desc: false }, ...(since ? { lastActivity: { from: since } } : {}) };
    // A cursor of this page size falls on a page boundary; another size reads from the start up to it.
    const aligned = at.o % limit === 0;
    const { rows, total } = await listLeads(this.pool, viewer, filters, aligned ? at.o / limit + 1 : 1, aligned ? limit : at.o + limit);
    const page = aligned ? rows : rows.slice(at.o);
    const next = at.o + page.length;
    return { leads: page.map(v1LeadOf), nextCursor: next < total ? encode({ o: next, s: at.s }) : null };
  }
}
