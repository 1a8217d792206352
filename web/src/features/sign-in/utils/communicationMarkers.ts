import { COMMUNICATION_MARKERS, type CommunicationMarker } from '../../../../../src/contract/prompt-rules';

/** The first communication marker of a query string (spec section 2) and its signed token. */
export function communicationMarkerOf(search: string): { action: CommunicationMarker; token: string } | null {
  const params = new URLSearchParams(search);
  for (const action of COMMUNICATION_MARKERS) {
    const token = params.get(action);
    if (token) return { action, token };
  }
  return null;
}

/** The same address without any of the four markers. */
export function withoutCommunicationMarkers(href: string): string {
  const u = new URL(href, 'http://x');
  for (const m of COMMUNICATION_MARKERS) u.searchParams.delete(m);
  return u.pathname + u.search + u.hash;
}
