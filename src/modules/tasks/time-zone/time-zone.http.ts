import { Body, Controller, Inject, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { timeZoneOf } from '../../../../projections/tasks';
import { DB_POOL } from '../../../runtime/tokens';
import type { BodyOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { DEFAULT_TIME_ZONE } from '../../../contract/tasks';
import { canonicalTimeZone } from '../../../contract/time-zone';
import { Route } from '../../../http/contract/route.decorator';
import { validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { agentZoneStream } from '../tasks.events';
import { TimeZoneCommand } from './time-zone.command';

export const NOT_A_TIME_ZONE = 'timeZone is not a time zone (an IANA name such as America/New_York)';

/** The viewer's own time zone: which day "today" is in their task lists, and when their digest goes (8 am). */
@Controller()
export class TimeZoneController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(CommandBus) private readonly commands: CommandBus,
  ) {}

  /** `chosen` false: nobody set one yet, the default applies (the dashboard then offers the browser's). */
  @Route(contract.tasks.timeZone)
  async get(@Req() req: Request) {
    const viewer = dashboardViewer(req);
    const zone = await timeZoneOf(this.pool, viewer.userId);
    return { timeZone: zone ?? DEFAULT_TIME_ZONE, chosen: zone !== null };
  }

  /** `how: 'browser'` (the first visit) never replaces a zone already set; the settings form does. */
  @Route(contract.tasks.setTimeZone)
  async set(@Body() input: BodyOf<typeof contract.tasks.setTimeZone>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const timeZone = canonicalTimeZone(input.timeZone);
    // The lists compute "today" in PostgreSQL: a name its zone data lacks is refused here, not there.
    if (!timeZone || !(await this.pool.query('SELECT 1 FROM pg_timezone_names WHERE name = $1', [timeZone])).rowCount) throw validation(NOT_A_TIME_ZONE);
    const { state } = await this.commands.execute(
      new TimeZoneCommand(agentZoneStream(viewer.userId), { userId: viewer.userId, timeZone, how: input.how ?? 'settings' }, commandContextOf(req)),
    );
    return { isSuccess: true as const, timeZone: state.timeZone ?? timeZone };
  }
}
