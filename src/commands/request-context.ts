import type { Request } from 'express';
import type { CommandContext } from './command-context';
import { newId } from '../shared/ids';

/** Who acts, for which site, now: the command context of an HTTP request. */
export function commandContextOf(req: Request, actorId: string | null = req.auth?.userId ?? null): CommandContext {
  return {
    siteId: req.site?.siteId ?? null,
    actorId,
    impersonatorId: req.auth?.impersonatorId ?? null,
    correlationId: newId(),
    causationId: null,
    now: new Date(),
  };
}
