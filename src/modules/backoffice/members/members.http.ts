import { Inject, Query } from '@nestjs/common';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { BackofficeController } from '../backoffice-controller';
import { findMembers, findSites } from '../../../../projections/members';

const routes = contract.backoffice;

/** Spec calls "findmembers" and "search". */
@BackofficeController()
export class MembersController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @Route(routes.findMembers)
  async find(@Query() q: QueryOf<typeof routes.findMembers>) {
    const page = q.page ?? 1;
    const perpage = q.perpage ?? 25;
    const { members, total } = await findMembers(this.pool, { ...q, level: q.level ? Number(q.level) : undefined, page, perpage });
    return { members, total, page, perpage };
  }

  @Route(routes.search)
  async search(@Query() { q }: QueryOf<typeof routes.search>) {
    if (!q.trim()) return { members: [], sites: [] };
    const [{ members }, sites] = await Promise.all([findMembers(this.pool, { q, page: 1, perpage: 8 }), findSites(this.pool, q, 5)]);
    return { members, sites };
  }
}
