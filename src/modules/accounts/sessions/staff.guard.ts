import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { LEVEL } from '../accounts.events';
import { refuseWhileImpersonating, requireLevel, WHILE_IMPERSONATING } from './request-auth';

/**
 * Level 25 only: signed out → 401, any lower level → 403, and a staff member's browser while it
 * impersonates someone → 403 (that session is the user's, whatever level they have). Put on
 * every back-office controller by @BackofficeController; a test walks the router to prove it.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    refuseWhileImpersonating(req, WHILE_IMPERSONATING.staff);
    requireLevel(req, LEVEL.staff);
    return true;
  }
}
