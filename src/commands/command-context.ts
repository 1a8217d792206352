import type { EventMetadata } from '../shared/event';
import { newId } from '../shared/ids';

/** Who is acting, for which site, and when; every event of a command carries it. */
export type CommandContext = {
  readonly siteId: string | null;
  readonly actorId: string | null;
  readonly impersonatorId: string | null;
  readonly correlationId: string;
  readonly causationId: string | null;
  readonly now: Date;
};

export const systemContext = (now: Date = new Date(), siteId: string | null = null): CommandContext => ({
  siteId,
  actorId: null,
  impersonatorId: null,
  correlationId: newId(),
  causationId: null,
  now,
});

export const metadataOf = (ctx: CommandContext): EventMetadata => ({
  siteId: ctx.siteId,
  actorId: ctx.actorId,
  impersonatorId: ctx.impersonatorId,
  correlationId: ctx.correlationId,
  causationId: ctx.causationId,
  at: ctx.now.toISOString(),
});
