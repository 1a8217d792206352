export { PublicPagesModule } from './public-pages.module';
export { type ExtraPage, PublicPages, type Rendered, type SiteAt, type SiteLinks } from './public-pages';
export { renderMarket } from './area-market.html';
export { renderHead, shortText, type PageHead } from './page-head';
export type { Crumb } from './page-body';
export { pageRenderer, seoFiles } from './public-pages.middleware';
export { breadcrumbList } from './json-ld';
