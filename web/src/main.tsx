import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadSite } from './app/siteContext';
import './styles.css';

// The site's settings are asked for before React renders: the first search waits on them.
void loadSite();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
