/**
 * The push services browsers subscribe with (Chrome and Edge's FCM, Firefox's autopush, Windows'
 * WNS, Safari's APNs web push). A subscription's endpoint is an address the browser hands us and
 * the server later posts to, so only these hosts are accepted: anything else would let a user
 * make the server send requests wherever they like (inside the network included).
 */
const EXACT_HOSTS: readonly string[] = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
const HOST_SUFFIXES: readonly string[] = ['.push.services.mozilla.com', '.notify.windows.com', '.push.apple.com'];

export const UNKNOWN_PUSH_SERVICE = 'endpoint must be an https address of a known push service (Google, Mozilla, Microsoft or Apple)';

/**
 * True for an https endpoint, on the default port, without credentials, on a known push service's
 * host; or one on an origin of `testOrigins` (PUSH_TEST_ORIGINS: a local stand-in in tests,
 * refused in production by the configuration).
 */
export function isPushServiceEndpoint(endpoint: string, testOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (testOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return EXACT_HOSTS.includes(host) || HOST_SUFFIXES.some((s) => host.endsWith(s) && host.length > s.length);
}
