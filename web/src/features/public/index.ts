export * from './AreaCrumbs';
export * from './ListingAgentLink';
export { AreaMarketView } from './AreaMarketView';
export { PageLoadError } from './PublicPageParts';
export { PublicPageFrame, usePublicPageData, type PageData } from './PublicPageFrame';
