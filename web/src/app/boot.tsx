import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyLanguage } from '../ui/translations';
import { App } from './App';
import type { EntryPages } from './entryPages';
import { loadSite } from './siteContext';
import '../styles.css';

/** Starts the app in the page with an entry's search and listing pages. */
export function boot(pages: EntryPages): void {
  // The site's settings are asked for before React renders: the first search waits on them.
  void loadSite();
  // ?lang= into the 'lang' cookie and <html lang>, before anything renders.
  applyLanguage();

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App pages={pages} />
    </StrictMode>,
  );
}
