export { sitesProjection } from './sites.projection';
export { siteById, siteForHost, sitesByIds, type SiteView, subdomainFor, subdomainsOf } from './sites.query';
