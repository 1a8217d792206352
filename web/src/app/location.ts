import { useSyncExternalStore } from 'react';

/**
 * The browser address as a tiny external store: the router, the search page and links read it
 * with useLocation(); navigate() pushes or replaces history entries and tells every reader.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') window.addEventListener('popstate', notify);

const subscribe = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => window.location.pathname + window.location.search;

export type AppLocation = { readonly pathname: string; readonly search: string; readonly href: string };

export function parseHref(href: string): AppLocation {
  const u = new URL(href, 'http://x');
  return { pathname: u.pathname, search: u.search, href: u.pathname + u.search };
}

export function useLocation(): AppLocation {
  const href = useSyncExternalStore(subscribe, snapshot, snapshot);
  return parseHref(href);
}

/** Goes to a same-origin address; replace keeps the history length (used after each search). */
export function navigate(href: string, opts: { replace?: boolean; state?: unknown } = {}): void {
  const next = parseHref(href).href;
  if (next === snapshot() && !opts.state) return;
  if (opts.replace) window.history.replaceState(opts.state ?? null, '', next);
  else window.history.pushState(opts.state ?? null, '', next);
  if (!opts.replace) window.scrollTo?.({ top: 0 });
  notify();
}
