import { Get, Header, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { DB_POOL } from '../../../runtime/tokens';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { parseBody } from '../../../http/parse-body';
import { notFound, validation } from '../../../shared/errors';
import { userStream } from '../../accounts';
import { backofficeStream } from '../account-admin';
import { AdminCommands } from '../admin-commands';
import { BackofficeController } from '../backoffice-controller';
import { memberById, sitesOwnedBy } from '../../../../projections/members';
import { filterHistory, type HistoryFilter, toHistoryEntry } from './account-history';
import { AccountHistoryReader } from './history.service';
import { stateAsOf } from './state-as-of';

const instant = z.iso.datetime({ offset: true }).or(z.iso.date());
const FilterQuery = z.strictObject({
  type: z.string().max(2000).optional(),
  from: instant.optional(),
  to: instant.optional(),
});
const HistoryQuery = FilterQuery.extend({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  perpage: z.coerce.number().int().min(1).max(500).optional(),
});
const StateQuery = z.strictObject({ position: z.string().regex(/^\d{1,19}$/, 'position must be a log position').optional() });

const filterOf = (q: z.infer<typeof FilterQuery>): HistoryFilter => ({
  types: q.type ? q.type.split(',').map((t) => t.trim()).filter(Boolean) : undefined,
  // A bare date as the upper bound means the whole of that day.
  from: q.from,
  to: q.to && /^\d{4}-\d{2}-\d{2}$/.test(q.to) ? `${q.to}T23:59:59.999Z` : q.to,
});

/** An account as the back-office sees it: summary, full history from the event store, state as of any event, export. */
@BackofficeController('accounts')
export class AccountHistoryController {
  constructor(
    @Inject(AdminCommands) private readonly commands: AdminCommands,
    @Inject(AccountHistoryReader) private readonly history: AccountHistoryReader,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Get(':userId')
  @ApiDoc({ summary: 'An account: member row, current state (secrets redacted) and back-office record', tag: 'Back-office', access: 'staff' })
  async account(@Param('userId') userId: string) {
    const account = await this.commands.account(userId);
    const [member, admin] = await Promise.all([memberById(this.pool, account.userId), this.commands.admin(account.userId)]);
    const ownedSites = await sitesOwnedBy(this.pool, account.userId);
    const related = [admin.mergedInto?.userId ?? null, ...admin.absorbed.map((a) => a.userId), ...admin.links.map((l) => l.userId)];
    return {
      userId: account.userId,
      member,
      account: (await this.state(account.userId, undefined)).account,
      admin,
      ownedSites,
      people: await this.history.people(related),
    };
  }

  @Get(':userId/history')
  @ApiDoc({ summary: "Every event of the account's streams and of the streams about it, newest first", tag: 'Back-office', access: 'staff', query: HistoryQuery })
  async list(@Param('userId') userId: string, @Query() query: unknown) {
    const q = parseBody(HistoryQuery, query);
    const account = await this.commands.account(userId);
    const all = await this.history.events(account.userId);
    const matching = filterHistory(all, filterOf(q));
    const page = q.page ?? 1;
    const perpage = q.perpage ?? 50;
    const events = matching.slice((page - 1) * perpage, page * perpage).map(toHistoryEntry);
    return {
      userId: account.userId,
      events,
      total: matching.length,
      page,
      perpage,
      types: [...new Set(all.map((e) => e.type))].sort(),
      people: await this.history.people(events.flatMap((e) => [e.actorId, e.impersonatorId])),
    };
  }

  @Get(':userId/history/export')
  @Header('Cache-Control', 'no-store')
  @ApiDoc({ summary: 'The (filtered) history as a JSON file', tag: 'Back-office', access: 'staff', query: FilterQuery })
  async export(@Param('userId') userId: string, @Query() query: unknown, @Res({ passthrough: true }) res: Response) {
    const q = parseBody(FilterQuery, query);
    const account = await this.commands.account(userId);
    const filter = filterOf(q);
    const events = filterHistory(await this.history.events(account.userId), filter).map(toHistoryEntry);
    res.setHeader('Content-Disposition', `attachment; filename="account-${account.userId}-history.json"`);
    return { userId: account.userId, email: account.email, exportedAt: new Date().toISOString(), filter, total: events.length, events };
  }

  @Get(':userId/state')
  @ApiDoc({ summary: 'The account folded up to an event (position), or now', tag: 'Back-office', access: 'staff', query: StateQuery })
  async stateAt(@Param('userId') userId: string, @Query() query: unknown) {
    const { position } = parseBody(StateQuery, query);
    const account = await this.commands.account(userId);
    return this.state(account.userId, position);
  }

  private async state(userId: string, position: string | undefined) {
    const streams = await this.history.readOwn(userId);
    const accountEvents = streams.get(userStream(userId)) ?? [];
    const adminEvents = streams.get(backofficeStream(userId)) ?? [];
    let asOf = null;
    if (position !== undefined) {
      const at = BigInt(position);
      const event = [...accountEvents, ...adminEvents].filter((e) => e.globalPosition <= at).sort((a, b) => (a.globalPosition < b.globalPosition ? 1 : -1))[0];
      if (!event) throw validation('The account did not exist yet at that point');
      asOf = { position: event.globalPosition.toString(), eventId: event.eventId, type: event.type, at: event.metadata.at };
    }
    const folded = stateAsOf(accountEvents, adminEvents, position === undefined ? null : BigInt(position));
    if (!folded.account.exists) throw notFound('No such account');
    return { userId, asOf, ...folded };
  }
}
