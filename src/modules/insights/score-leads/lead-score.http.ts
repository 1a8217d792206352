import { Body, Controller, Inject, Param, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type pg from 'pg';
import { DB_POOL } from '../../../runtime/tokens';
import { EventStore } from '../../../eventstore/event-store.port';
import type { BodyOf, QueryOf } from '../../../contract/route';
import { contract } from '../../../contract/routes';
import { AS_OF_MESSAGE } from '../../../contract/routes/insights';
import { Route } from '../../../http/contract/route.decorator';
import { type RateLimit, RateLimiter } from '../../../http/rate-limiter';
import { forbidden, validation } from '../../../shared/errors';
import { isUuid } from '../../../shared/ids';
import { commandContextOf } from '../../../commands/request-context';
import { leadScoreAsOf, leadScoreOf, rescoreProgress, scoringRulesOf, type ScoreView } from '../../../../projections/lead-score';
import { leadInScope } from '../../leads';
import { dashboardViewer, type Viewer } from '../../../shared/viewer/viewer';
import { type ScoringRules, scoringRulesStream } from '../scoring.events';
import { ScoringRulesCommand } from '../change-scoring-rules/change-scoring-rules.command';

const READS: RateLimit = { name: 'lead-score-read', limit: 600, windowSeconds: 60, message: 'Too many score requests; try again in a minute' };
const WRITES: RateLimit = { name: 'score-rules-write', limit: 20, windowSeconds: 3600, message: 'Too many changes to the scoring rules; try again later' };
export const ONLY_BROKERS_CHANGE_RULES = 'Only a broker or staff can change the scoring rules';

/** A date is the end of that day (UTC): "as of the 3rd" includes what happened on the 3rd. */
function asOfOf(v: string): Date {
  const s = v.trim();
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (day) {
    const start = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    if (start.getUTCMonth() !== Number(day[2]) - 1 || start.getUTCDate() !== Number(day[3])) throw validation(AS_OF_MESSAGE);
    return new Date(start.getTime() + 86_400_000 - 1);
  }
  const d = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(s) ? new Date(s) : null;
  if (!d || Number.isNaN(d.getTime())) throw validation(AS_OF_MESSAGE);
  return d;
}

/** Whose rules a viewer reads or changes: a broker's office's, staff's the default (or an office's, by `scope`), an agent's office's. */
function scopeOf(viewer: Viewer, asked: string | undefined): string {
  if (viewer.role === 'broker') return viewer.userId;
  if (viewer.role === 'agent') return viewer.officeId ?? 'default';
  if (asked === undefined || asked === 'default') return 'default';
  if (!isUuid(asked)) throw validation("scope must be default or an office's broker id");
  return asked.toLowerCase();
}

/**
 * The explainable lead score (issue 19 part 3, contract 5a): a lead's score with every
 * contribution, now or as of a past date, and the scoring rules of an office, which brokers and
 * staff change (an event; the read model rescores every lead the rules apply to from its events).
 */
@Controller()
export class LeadScoreController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
    @Inject(RateLimiter) private readonly limiter: RateLimiter,
  ) {}

  @Route(contract.insights.score)
  async score(@Param('leadId') leadId: string, @Query() { asOf }: QueryOf<typeof contract.insights.score>, @Req() req: Request): Promise<ScoreView> {
    const { viewer, lead } = await leadInScope(this.store, req, leadId);
    await this.limiter.enforce(READS, viewer.userId);
    if (asOf === undefined || asOf.trim() === '') return leadScoreOf(this.pool, lead.leadId);
    return leadScoreAsOf(this.pool, lead.leadId, asOfOf(asOf));
  }

  @Route(contract.insights.scoreRules)
  async rules(@Query() query: QueryOf<typeof contract.insights.scoreRules>, @Req() req: Request) {
    const viewer = dashboardViewer(req);
    const scope = scopeOf(viewer, query.scope);
    const view = await scoringRulesOf(this.pool, scope);
    return { ...view, rescored: await rescoreProgress(this.pool, scope, view.rulesVersion) };
  }

  @Route(contract.insights.changeScoreRules)
  async change(@Body() b: BodyOf<typeof contract.insights.changeScoreRules>, @Req() req: Request): Promise<{ rulesVersion: number }> {
    const viewer = dashboardViewer(req);
    if (viewer.role === 'agent') throw forbidden(ONLY_BROKERS_CHANGE_RULES);
    const scope = scopeOf(viewer, b.scope);
    await this.limiter.enforce(WRITES, viewer.userId);
    const result = await this.commands.execute(
      new ScoringRulesCommand(scoringRulesStream(scope), { scope, rules: b.rules as ScoringRules, byUserId: viewer.userId }, commandContextOf(req)),
    );
    return { rulesVersion: result.state.version };
  }
}
