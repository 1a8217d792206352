import { Controller, Inject, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import type { AnswerOf, QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { type RateLimit, RateLimiter } from '../../../http/rate-limiter';
import { AppError } from '../../../shared/errors';
import { logger } from '../../../shared/logger';
import { type LeadRow, leadPages } from '../../../../projections/lead-feed';
import { subdomainsOf } from '../../../../projections/sites';
import { fullNames } from '../../../../projections/users';
import { filtersOf } from '../../leads';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { csvLine, UTF8_BOM } from '../../../contract/csv';
import { exportFilename, LEAD_CSV_HEADER, leadCsvRow } from './lead-csv';

const EXPORT_LIMIT: RateLimit = { name: 'lead-export', limit: 10, windowSeconds: 600, message: 'Too many exports; try again in a few minutes' };
/** Exports running at once on this instance: each holds a database connection while its file streams. */
const MAX_RUNNING = 4;
const PAGE = 500;
const log = logger('leads');

/**
 * The lead list (or a smart list: the same filters) as a CSV file, one row per lead in the
 * viewer's scope, streamed a page at a time so that 100k leads never sit in memory.
 */
@Controller()
export class ExportLeadsController {
  private running = 0;

  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  /** Streamed a page at a time to the response (Nest sends nothing the handler returns). */
  @Route(contract.leadTransfer.exportCsv)
  async export(
    @Query() query: QueryOf<typeof contract.leadTransfer.exportCsv>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<AnswerOf<typeof contract.leadTransfer.exportCsv>> {
    const viewer = dashboardViewer(req);
    const now = new Date();
    const filters = filtersOf(query, now);
    await this.limiter.enforce(EXPORT_LIMIT, viewer.userId);
    if (this.running >= MAX_RUNNING) throw new AppError('unavailable', 'Too many exports are running; try again in a minute');
    this.running++;
    try {
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${exportFilename(now)}"`);
      res.setHeader('Cache-Control', 'no-store');
      let open = await write(res, UTF8_BOM + csvLine(LEAD_CSV_HEADER));
      const agents = new Map<string, string>();
      const sites = new Map<string, string>();
      for await (const rows of leadPages(this.pool, viewer, filters, PAGE)) {
        if (!open) break;
        await this.lookUp(rows, agents, sites);
        open = await write(res, rows.map((r) => leadCsvRow(exported(r, agents, sites))).join(''));
      }
      res.end();
    } catch (err) {
      if (!res.headersSent) throw err;
      // Half a file must not look like a whole one: the download fails instead.
      log.error('a lead export failed part-way', { message: (err as Error).message });
      res.destroy();
    } finally {
      this.running--;
    }
    return undefined as never;
  }

  /** The names of the agents and sites of these rows not looked up yet (kept for the next pages). */
  private async lookUp(rows: readonly LeadRow[], agents: Map<string, string>, sites: Map<string, string>): Promise<void> {
    const agentIds = [...new Set(rows.map((r) => r.assigned_agent_id).filter((id): id is string => id !== null && !agents.has(id)))];
    const siteIds = [...new Set(rows.map((r) => r.site_id).filter((id) => !sites.has(id)))];
    const [names, subdomains] = await Promise.all([fullNames(this.pool, agentIds), subdomainsOf(this.pool, siteIds)]);
    for (const [id, name] of names) agents.set(id, name);
    for (const [id, sub] of subdomains) sites.set(id, sub);
  }
}

const exported = (r: LeadRow, agents: ReadonlyMap<string, string>, sites: ReadonlyMap<string, string>) => ({
  fullName: r.full_name,
  email: r.email,
  phone: r.phone,
  stage: r.stage,
  tags: r.tags,
  source: r.source,
  site: sites.get(r.site_id) ?? null,
  agentName: r.assigned_agent_id ? (agents.get(r.assigned_agent_id) ?? null) : null,
  leadType: r.lead_type,
  createdAt: r.created_at,
  lastActivityAt: r.last_activity_at,
  firstContactAt: r.first_contact_at,
  lastContactAt: r.last_contact_at,
  inPond: r.in_pond,
  leadId: r.lead_id,
});

/** Writes a chunk, waiting while the client's buffer is full; false once the client has gone. */
function write(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return Promise.resolve(false);
  if (res.write(chunk)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}
