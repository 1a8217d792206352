import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config/config';

/** Where Google's sign-in library lives and what it loads (Google's published CSP list). */
const GOOGLE_SIGN_IN = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  pages: 'https://accounts.google.com/gsi/',
};
/** Facebook's JavaScript SDK (FB.login opens its dialog in a pop-up; the SDK talks to the Graph API and frames its own pages). */
const FACEBOOK_SDK = { script: 'https://connect.facebook.net', pages: 'https://www.facebook.com', graph: 'https://graph.facebook.com' };

/**
 * The Content-Security-Policy of the web app and the API. Scripts only from the app itself
 * (Google's sign-in library only when GOOGLE_CLIENT_ID is set, Facebook's SDK only with FACEBOOK_APP_ID); styles too (the app sets element
 * styles through the DOM, which CSP allows, and ships no inline <style> or style attribute);
 * listing photos come from MLS hosts over HTTPS, and maplibre draws tiles and icons from data:
 * and blob: images; fetches go to the app, plus the online map style's hosts when one is
 * configured; maplibre's workers start from blob: addresses. Nobody may frame a page.
 */
export function contentSecurityPolicy(config: Pick<Config, 'google' | 'facebook' | 'mapStyleUrl' | 'mapHosts'>): string {
  const google = config.google.clientId !== undefined;
  const facebook = config.facebook.appId !== undefined;
  const frames = [...(google ? [GOOGLE_SIGN_IN.pages] : []), ...(facebook ? [FACEBOOK_SDK.pages] : [])];
  const mapHosts = config.mapStyleUrl ? [...new Set([new URL(config.mapStyleUrl).origin, ...config.mapHosts])] : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...(google ? [GOOGLE_SIGN_IN.script] : []), ...(facebook ? [FACEBOOK_SDK.script] : [])],
    ['style-src', "'self'", ...(google ? [GOOGLE_SIGN_IN.style] : [])],
    ['img-src', "'self'", 'data:', 'blob:', 'https:'],
    ['connect-src', "'self'", ...mapHosts, ...(google ? [GOOGLE_SIGN_IN.pages] : []), ...(facebook ? [FACEBOOK_SDK.graph, FACEBOOK_SDK.pages] : [])],
    ...(frames.length > 0 ? [['frame-src', "'self'", ...frames] as [string, ...string[]]] : []),
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/**
 * Headers on every answer, set before any route runs so that a route with needs of its own
 * (an upload's sandbox, the alert continue page's script nonce, a cacheable public file)
 * replaces them by setting the same header. API answers are about people more often than not:
 * no cache keeps them unless the route says otherwise.
 */
export function securityHeaders(config: Config) {
  const csp = contentSecurityPolicy(config);
  return (req: Request, res: Response, next: NextFunction): void => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Content-Security-Policy', csp);
    if (req.path.startsWith('/api/') || req.path.startsWith('/ajax/')) res.setHeader('Cache-Control', 'no-store');
    next();
  };
}
