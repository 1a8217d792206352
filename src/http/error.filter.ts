import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Response } from 'express';
import { isConnectionError } from '../database/connection-errors';
import { MalformedEventError } from '../eventstore/validate-event';
import { AppError, HTTP_STATUS } from '../shared/errors';
import { logger } from '../shared/logger';

const log = logger('http');

/** Every error answers {message} with its status, and never a stack trace. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    sendError(host.switchToHttp().getResponse<Response>(), exception);
  }
}

/** The filter's answer, also for routes served outside Nest's pipeline (lean-search-routes.ts). */
export function sendError(res: Response, exception: unknown): void {
  if (res.headersSent) return;
  const [status, message] = describe(exception);
  if (isConnectionError(exception)) {
    // The database being away is said once by the pool, not once per request refused meanwhile.
    res.setHeader('Retry-After', '2');
  } else if (status >= 500) {
    // The stack says where; the logger masks contact details a message may quote (a database row).
    log.error('request failed', { name: (exception as Error)?.name, message: (exception as Error)?.message, stack: (exception as Error)?.stack });
  }
  res.status(status).json(exception instanceof AppError && exception.details ? { ...exception.details, message } : { message });
}

function describe(exception: unknown): [number, string] {
  if (exception instanceof AppError) return [HTTP_STATUS[exception.code], exception.message];
  if (exception instanceof MalformedEventError) return [400, exception.message];
  if (exception instanceof HttpException) {
    const body = exception.getResponse();
    const message =
      typeof body === 'string' ? body : typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : exception.message;
    return [exception.getStatus(), message];
  }
  // body-parser errors carry their own status (413 too large, 400 malformed JSON).
  const e = exception as { status?: number; type?: string };
  if (e?.type === 'entity.too.large') return [413, 'The request is too large'];
  if (e?.type === 'entity.parse.failed') return [400, 'The request body is not valid JSON'];
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) return [e.status, 'Bad request'];
  if (isConnectionError(exception)) return [503, 'The service cannot reach its database right now; please try again in a moment'];
  return [500, 'Something went wrong on our side; please try again'];
}
