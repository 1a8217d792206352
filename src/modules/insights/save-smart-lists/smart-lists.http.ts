import { Body, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import type { SmartList } from '../../../contract/smart-lists';
import { Route } from '../../../http/contract/route.decorator';
import { type RateLimit, RateLimiter } from '../../../http/rate-limiter';
import { AppError, notFound, validation } from '../../../shared/errors';
import { isUuid, newId } from '../../../shared/ids';
import { commandContextOf } from '../../../commands/request-context';
import { countLeads } from '../../../../projections/lead-feed';
import { smartListsOf } from '../../../../projections/smart-lists';
import { filtersOf, type LeadFilterQuery, SavedLeadFilters } from '../../leads';
import { dashboardViewer, type Viewer } from '../../../shared/viewer/viewer';
import { DEFAULT_SMART_LISTS, isDefaultSmartList } from './default-smart-lists';
import { type SmartListFilters, smartListsStream } from '../smart-lists.events';
import { SmartListsCommand } from './smart-lists.command';

const WRITES: RateLimit = { name: 'smart-list-write', limit: 60, windowSeconds: 3600, message: 'Too many smart list changes; try again later' };

/** The filters in one form (keys in order, values trimmed): what is saved, and what "the same list" compares. */
function savedForm(q: LeadFilterQuery): SmartListFilters {
  const out: Record<string, string | string[]> = {};
  for (const k of Object.keys(q).sort() as (keyof LeadFilterQuery)[]) {
    const v = q[k];
    if (Array.isArray(v)) {
      const values = [...new Set(v.map((x) => x.trim()))];
      out[k] = values.length === 1 ? values[0]! : values;
    } else if (v !== undefined && String(v).trim() !== '') out[k] = String(v).trim();
  }
  return out;
}

/**
 * Smart lists (issue 15): the default lists and the user's own, each with how many of the
 * viewer's leads it holds now (one count per list); save (create, or rename / refilter with
 * `listId`) and delete one's own. Another user's list is a 404, like one that never existed.
 */
@Controller()
export class SmartListsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Route(contract.insights.smartLists)
  async list(@Req() req: Request): Promise<{ lists: SmartList[] }> {
    const viewer = dashboardViewer(req);
    const own = await smartListsOf(this.pool, viewer.userId);
    const now = new Date();
    const lists = [...DEFAULT_SMART_LISTS.map((l) => ({ ...l, builtIn: true })), ...own.map((l) => ({ ...l, builtIn: false }))];
    return { lists: await Promise.all(lists.map(async (l) => ({ ...l, count: await this.count(viewer, l.filters, now) }))) };
  }

  @Route(contract.insights.saveSmartList)
  async save(@Body() b: BodyOf<typeof contract.insights.saveSmartList>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SmartList> {
    const viewer = dashboardViewer(req);
    const checked = filtersOf(b.filters, new Date());
    if (Object.keys(checked).every((k) => k === 'sort')) throw validation('Choose at least one filter to save as a smart list');
    await this.limiter.enforce(WRITES, viewer.userId);
    const filters = savedForm(b.filters);
    const listId = b.listId?.toLowerCase() ?? newId();
    const kind = b.listId ? ('update' as const) : ('create' as const);
    const result = await this.commands.execute(
      new SmartListsCommand(smartListsStream(viewer.userId), { kind, userId: viewer.userId, listId, name: b.name, filters }, commandContextOf(req)),
    );
    // Saved before (a retried create): the list that already has this name and these filters.
    const list = result.state.lists.get(listId) ?? [...result.state.lists.values()].find((l) => l.name.toLowerCase() === b.name.toLowerCase())!;
    res.status(kind === 'create' && result.events.length > 0 ? 201 : 200);
    return { ...list, builtIn: false, count: await this.count(viewer, list.filters, new Date()) };
  }

  @Route(contract.insights.deleteSmartList)
  async remove(@Param('listId') listId: string, @Req() req: Request): Promise<undefined> {
    const viewer = dashboardViewer(req);
    if (isDefaultSmartList(listId)) throw validation('Default smart lists cannot be deleted');
    if (!isUuid(listId)) throw notFound('No such smart list');
    await this.limiter.enforce(WRITES, viewer.userId);
    await this.commands.execute(
      new SmartListsCommand(smartListsStream(viewer.userId), { kind: 'delete', userId: viewer.userId, listId: listId.toLowerCase() }, commandContextOf(req)),
    );
  }

  /** How many of the viewer's leads the list holds now; null when its saved filters no longer parse. */
  private async count(viewer: Viewer, saved: SmartListFilters, now: Date): Promise<number | null> {
    const parsed = SavedLeadFilters.safeParse(saved);
    if (!parsed.success) return null;
    let filters;
    try {
      filters = filtersOf(parsed.data, now);
    } catch (err) {
      if (err instanceof AppError && err.code === 'validation') return null;
      throw err;
    }
    return countLeads(this.pool, viewer, filters);
  }
}
