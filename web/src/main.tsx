import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadSite } from './app/siteContext';
import { applyLanguage } from './ui/translations';
import './styles.css';

// The site's settings are asked for before React renders: the first search waits on them.
void loadSite();
// ?lang= into the 'lang' cookie and <html lang>, before anything renders.
applyLanguage();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
