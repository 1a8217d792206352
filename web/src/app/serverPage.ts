import { useLayoutEffect } from 'react';

/**
 * The server-rendered page (#ssr, before the app's hidden #root; src/http/web-app.ts) stays on
 * screen until the app has drawn the same page, so that a person never sees a loading shell or
 * another page in between; then the app takes over: #ssr goes, #root shows. Routes the server
 * renders call useTakeOver(ready); every other route, or a move to another route, takes over
 * at once; and a page that is slow to say so is taken over after a few seconds all the same.
 */
const FALLBACK_MS = 4000;

let pending = typeof document !== 'undefined' && document.getElementById('ssr') !== null;

/** The path the server rendered, while its page is still shown. */
export const serverPagePath = (): string | null => (pending ? (document.getElementById('ssr')?.dataset.path ?? null) : null);

export function takeOver(): void {
  if (!pending) return;
  pending = false;
  document.getElementById('ssr')?.remove();
  const root = document.getElementById('root');
  if (root) root.hidden = false;
}

if (pending) setTimeout(takeOver, FALLBACK_MS);

/** The page the server rendered at load, for as long as the app shows it. */
const rendered = serverPagePath();

/**
 * A move to a page the server did not render: its head tags (canonical, Open Graph, JSON-LD)
 * describe the page left behind, so they go too.
 */
export function leftServerPage(): void {
  if (rendered === null) return;
  for (const el of document.head.querySelectorAll(
    'link[rel="canonical"], meta[property^="og:"], meta[name^="twitter:"], meta[name="robots"], script[type="application/ld+json"]',
  ))
    el.remove();
}

/**
 * Called by a page the server also renders: takes over once the app's own page is `ready`, in
 * the commit that draws it (a layout effect), so the two are never both on the page.
 */
export function useTakeOver(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) takeOver();
  }, [ready]);
}
