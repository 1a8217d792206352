import type { LoggerService } from '@nestjs/common';
import { logger } from '../shared/logger';

const text = (message: unknown) => (message instanceof Error ? message.message : typeof message === 'string' ? message : JSON.stringify(message));

/** Nest's own messages through the product's logger, so that JSON logs stay JSON lines. */
export function nestLogger(debug: boolean): LoggerService {
  const log = logger('nest');
  return {
    log: (message, context?: string) => debug && log.info(text(message), context ? { context } : undefined),
    warn: (message, context?: string) => log.warn(text(message), context ? { context } : undefined),
    // Nest passes (message, stack, context) for errors it catches itself.
    error: (message, stack?: string, context?: string) => log.error(text(message), { ...(context ? { context } : {}), ...(stack ? { stack } : {}) }),
    debug: (message, context?: string) => log.debug(text(message), context ? { context } : undefined),
    verbose: (message, context?: string) => log.debug(text(message), context ? { context } : undefined),
  };
}
