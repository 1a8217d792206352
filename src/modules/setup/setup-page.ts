import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import type { EventStore } from '../../eventstore/event-store.port';
import { setupOpen } from './setup-link';

/**
 * The first-run setup page (/setup; its token rides in the fragment, which no request carries,
 * so no log sees it): the app with 200 while a setup link is open, otherwise passed on to the
 * web app, which answers 404 as for any path that is no page.
 */
export function setupPage(store: EventStore, distDir: string) {
  const index = path.join(distDir, 'index.html');
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (req.path !== '/setup' && req.path !== '/setup/')) return next();
    setupOpen(store).then(
      (open) => {
        if (!open) return next();
        res.setHeader('Cache-Control', 'no-store');
        res.locals.route = '(page)';
        res.status(200).sendFile(index);
      },
      (err: unknown) => next(err),
    );
  };
}
