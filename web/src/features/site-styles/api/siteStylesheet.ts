const HREF = '/api/castle/styles/site.css';

/** Loads the site's stylesheet again (after a save), so this page shows the new palette and fonts without a reload. */
export function reloadSiteStylesheet(): void {
  const link = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href^="${HREF}"]`);
  if (link) link.href = `${HREF}?v=${Date.now()}`;
}
