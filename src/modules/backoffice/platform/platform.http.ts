import { Get, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../app/tokens';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { requireAuth } from '../../accounts';
import { BackofficeController } from '../backoffice-controller';

/** Spec calls "ping" and "stats". */
@BackofficeController()
export class PlatformController {
  constructor(@Inject(DB_POOL) private readonly pool: pg.Pool) {}

  @Get('ping')
  @ApiDoc({ summary: 'Is the back-office reachable for this staff member', tag: 'Back-office', access: 'staff' })
  ping(@Req() req: Request) {
    return { ok: true, userId: requireAuth(req).userId, at: new Date().toISOString() };
  }

  @Get('stats')
  @ApiDoc({ summary: 'Members by level and status, sites, events and live impersonations', tag: 'Back-office', access: 'staff' })
  async stats() {
    const [levels, statuses, sites, sessions] = await Promise.all([
      this.pool.query<{ level: number; n: string }>('SELECT security_level AS level, count(*) AS n FROM members GROUP BY 1 ORDER BY 1'),
      this.pool.query<{ status: string; n: string }>('SELECT status, count(*) AS n FROM members GROUP BY 1 ORDER BY 1'),
      this.pool.query<{ n: string }>('SELECT count(*) AS n FROM member_sites'),
      this.pool.query<{ n: string }>('SELECT count(*) AS n FROM sessions WHERE impersonator_id IS NOT NULL AND expires_at > now()'),
    ]);
    return {
      membersByLevel: Object.fromEntries(levels.rows.map((r) => [r.level, Number(r.n)])),
      membersByStatus: Object.fromEntries(statuses.rows.map((r) => [r.status, Number(r.n)])),
      sites: Number(sites.rows[0]?.n ?? 0),
      activeImpersonations: Number(sessions.rows[0]?.n ?? 0),
    };
  }
}
