import type { IncomingHttpHeaders } from 'node:http';

/** The Origin header, or the origin of the Referer when a browser sent no Origin. */
export function requestOrigin(headers: IncomingHttpHeaders): string | null {
  const origin = headers.origin;
  if (typeof origin === 'string' && origin) return origin;
  const referer = headers.referer;
  if (typeof referer !== 'string' || !referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/** True when the origin names the same host (and port) the request was sent to. */
export function isSameHost(origin: string, host: string): boolean {
  if (!host) return false;
  try {
    const u = new URL(origin);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
    return u.host.toLowerCase() === host || defaultPortStripped(host) === u.host.toLowerCase();
  } catch {
    return false;
  }
}

const defaultPortStripped = (host: string) => host.replace(/:(80|443)$/, '');

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
