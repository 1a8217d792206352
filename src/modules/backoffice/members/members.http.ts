import { Get, Inject, Query } from '@nestjs/common';
import type pg from 'pg';
import { z } from 'zod';
import { DB_POOL } from '../../../runtime/tokens';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { BackofficeController } from '../backoffice-controller';
import { findMembers, findSites } from '../../../../projections/members';

const text = z.string().max(200).optional();
const FindQuery = z.strictObject({
  q: text,
  email: text,
  name: text,
  phone: text,
  site: text,
  level: z.enum(['5', '10', '15', '25']).optional(),
  status: z.enum(['active', 'merged', 'offboarding', 'locked']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  perpage: z.coerce.number().int().min(1).max(100).optional(),
});
const SearchQuery = z.strictObject({ q: z.string().max(200) });

/** Spec calls "findmembers" and "search". */
@BackofficeController()
export class MembersController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @Get('findmembers')
  @ApiDoc({ summary: 'Member search by name, e-mail, phone, site, level and status; paged', tag: 'Back-office', access: 'staff', query: FindQuery })
  async find(@Query() query: unknown) {
    const q = parseBody(FindQuery, query);
    const page = q.page ?? 1;
    const perpage = q.perpage ?? 25;
    const { members, total } = await findMembers(this.pool, { ...q, level: q.level ? Number(q.level) : undefined, page, perpage });
    return { members, total, page, perpage };
  }

  @Get('search')
  @ApiDoc({ summary: 'Quick search: the first members and sites matching the words', tag: 'Back-office', access: 'staff', query: SearchQuery })
  async search(@Query() query: unknown) {
    const { q } = parseBody(SearchQuery, query);
    if (!q.trim()) return { members: [], sites: [] };
    const [{ members }, sites] = await Promise.all([findMembers(this.pool, { q, page: 1, perpage: 8 }), findSites(this.pool, q, 5)]);
    return { members, sites };
  }
}
