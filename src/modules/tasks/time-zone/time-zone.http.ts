import { Body, Controller, Get, Inject, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { timeZoneOf } from '../../../../projections/tasks';
import { DB_POOL } from '../../../app/tokens';
import { handleCommand } from '../../../commands/handle-command';
import { DEFAULT_TIME_ZONE } from '../../../contract/tasks';
import { canonicalTimeZone } from '../../../contract/time-zone';
import { EventStore } from '../../../eventstore/event-store.port';
import { parseBody } from '../../../http/parse-body';
import { ApiDoc } from '../../../http/openapi/api-doc.decorator';
import { validation } from '../../../shared/errors';
import { commandContextOf } from '../../../commands/request-context';
import { dashboardViewer } from '../../../shared/viewer/viewer';
import { agentZoneStream } from '../tasks.events';
import { timeZoneDecider } from './time-zone.decide';

export const NOT_A_TIME_ZONE = 'timeZone is not a time zone (an IANA name such as America/New_York)';
const ZoneBody = z.strictObject({ timeZone: z.string({ error: 'timeZone is required' }).max(64), how: z.enum(['browser', 'settings']).optional() });

/** The viewer's own time zone: which day "today" is in their task lists, and when their digest goes (8 am). */
@Controller('api/dashboard/me/timezone')
export class TimeZoneController {
  constructor(
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(EventStore) private readonly store: EventStore,
  ) {}

  /** `chosen` false: nobody set one yet, the default applies (the dashboard then offers the browser's). */
  @ApiDoc({ summary: "The viewer's time zone (the default until set)", tag: 'Working a lead', access: 'agents, brokers, staff' })
  @Get()
  async get(@Req() req: Request) {
    const viewer = dashboardViewer(req);
    const zone = await timeZoneOf(this.pool, viewer.userId);
    return { timeZone: zone ?? DEFAULT_TIME_ZONE, chosen: zone !== null };
  }

  /** `how: 'browser'` (the first visit) never replaces a zone already set; the settings form does. */
  @ApiDoc({ summary: "Set the viewer's time zone (an IANA name)", tag: 'Working a lead', access: 'agents, brokers, staff', body: ZoneBody })
  @Put()
  async set(@Body() body: unknown, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const input = parseBody(ZoneBody, body);
    const timeZone = canonicalTimeZone(input.timeZone);
    // The lists compute "today" in PostgreSQL: a name its zone data lacks is refused here, not there.
    if (!timeZone || !(await this.pool.query('SELECT 1 FROM pg_timezone_names WHERE name = $1', [timeZone])).rowCount) throw validation(NOT_A_TIME_ZONE);
    const { state } = await handleCommand(this.store, agentZoneStream(viewer.userId), timeZoneDecider, { userId: viewer.userId, timeZone, how: input.how ?? 'settings' }, commandContextOf(req));
    return { isSuccess: true, timeZone: state.timeZone ?? timeZone };
  }
}
