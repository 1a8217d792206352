import type { CanActivate, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { unauthorized } from '../../shared/errors';

/**
 * A contract route that needs a session answers 401 to a signed-out caller before its input is
 * validated: guards run before pipes, so a signed-out request with a malformed body learns
 * nothing about the route's shape (a 400 would) and gets the status every other route gives.
 * Which roles may call it stays the handler's (and its scope's) decision.
 */
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.auth) throw unauthorized();
    return true;
  }
}
