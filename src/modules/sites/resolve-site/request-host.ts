import type { IncomingHttpHeaders } from 'node:http';

/** The host the request was sent to, with its port (X-Forwarded-Host only behind a trusted proxy). */
export function requestHostHeader(headers: IncomingHttpHeaders, trustProxy: boolean): string {
  const forwarded = trustProxy ? headers['x-forwarded-host'] : undefined;
  const host = (typeof forwarded === 'string' && forwarded ? forwarded.split(',')[0]! : (headers.host ?? '')).trim();
  return host.toLowerCase();
}
