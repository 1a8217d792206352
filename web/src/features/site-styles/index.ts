// What other features use of site styles: Site settings' panel and the search landing's cover.
export { SiteStylesPanel } from './components/SiteStylesPanel';
export { HomeCover } from './components/HomeCover';
