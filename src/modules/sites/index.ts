export type { SiteCreated, SiteEvent, SiteKind, SiteSettings } from './sites.events';
export { defaultSiteSettings, siteEventTypes } from './sites.events';
export { CreateSiteCommand, CreateSiteHandler } from './create-site/create-site.handler';
export type { CreateSite } from './create-site/create-site.decide';
