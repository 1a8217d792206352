import { Header, Inject, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import type { QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { Route } from '../../../http/contract/route.decorator';
import { notFound, validation } from '../../../shared/errors';
import { userStream } from '../../accounts';
import { backofficeStream } from '../account-admin';
import { AdminCommands } from '../admin-commands';
import { BackofficeController } from '../backoffice-controller';
import { memberById, sitesOwnedBy } from '../../../../projections/members';
import { filterHistory, type HistoryFilter, toHistoryEntry } from './account-history';
import { AccountHistoryReader } from './history.service';
import { stateAsOf } from './state-as-of';

const routes = contract.backoffice;

const filterOf = (q: QueryOf<typeof routes.historyExport>): HistoryFilter => ({
  types: q.type
    ? q.type
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean)
    : undefined,
  // A bare date as the upper bound means the whole of that day.
  from: q.from,
  to: q.to && /^\d{4}-\d{2}-\d{2}$/.test(q.to) ? `${q.to}T23:59:59.999Z` : q.to,
});

/** An account as the back-office sees it: summary, full history from the event store, state as of any event, export. */
@BackofficeController()
export class AccountHistoryController {
  constructor(
    @Inject(AdminCommands) private readonly commands: AdminCommands,
    @Inject(AccountHistoryReader) private readonly history: AccountHistoryReader,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  @Route(routes.account)
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

  @Route(routes.history)
  async list(@Param('userId') userId: string, @Query() q: QueryOf<typeof routes.history>) {
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

  @Route(routes.historyExport)
  @Header('Cache-Control', 'no-store')
  async export(@Param('userId') userId: string, @Query() q: QueryOf<typeof routes.historyExport>, @Res({ passthrough: true }) res: Response) {
    const account = await this.commands.account(userId);
    const filter = filterOf(q);
    const events = filterHistory(await this.history.events(account.userId), filter).map(toHistoryEntry);
    res.setHeader('Content-Disposition', `attachment; filename="account-${account.userId}-history.json"`);
    return { userId: account.userId, email: account.email, exportedAt: new Date().toISOString(), filter, total: events.length, events };
  }

  @Route(routes.state)
  async stateAt(@Param('userId') userId: string, @Query() { position }: QueryOf<typeof routes.state>) {
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
