import { z } from 'zod';
import { routes } from '../route';

const TAG = 'alerts';
const AlertParams = z.strictObject({ alertId: z.string() });
/** A bad, expired or tampered token (or none, or a list of them) changes nothing and is never refused: the link still goes on. */
const token = z.unknown().optional().meta({ type: 'string', description: "the alert e-mail's signed token" });

/** What comes back from an alert e-mail: its signed listing link (and the continue page's post) and its tracking image. */
export const alertsRoutes = routes('alerts', {
  open: {
    method: 'GET',
    path: 'api/alerts/:alertId/open',
    summary:
      "An alert e-mail's listing link (?t= the signed token). A signed-in browser: records the opening and redirects to the listing (/listing/{pdid}; / for an unknown alert). A signed-out one: a page that posts the token back (by itself, or with its button), so that link scanners, which fetch but do not post, neither open the alert nor start a session. Only a good token for a lead records or signs in",
    tag: TAG,
    access: 'anyone',
    params: AlertParams,
    query: z.strictObject({ t: token }),
    produces: 'text/html',
    responses: { 200: z.string(), 302: z.undefined() },
  },
  confirmOpen: {
    method: 'POST',
    path: 'api/alerts/:alertId/open',
    summary:
      "The continue page's post (form field or JSON t = the signed token): records the opening, signs a signed-out lead in through the usual sign-in, then redirects to the listing (/listing/{pdid}; / for an unknown alert), whatever the token. From the site itself; only a good token for a lead records or signs in",
    tag: TAG,
    access: 'anyone',
    params: AlertParams,
    consumes: 'application/x-www-form-urlencoded',
    body: z.looseObject({ t: token }),
    responses: { 303: z.undefined() },
  },
  pixel: {
    method: 'GET',
    path: 'api/alerts/:alertId/pixel.gif',
    summary:
      "An alert e-mail's 1×1 tracking image (?t= the signed token): records that the alert was opened (only a good token records); the image whatever the token",
    tag: TAG,
    access: 'anyone',
    params: AlertParams,
    query: z.strictObject({ t: token }),
    produces: 'image/gif',
    responses: { 200: z.unknown() },
  },
});
