export { sitesProjection } from './sites.projection';
export { siteById, siteForHost, type SiteView, subdomainFor, subdomainsOf } from './sites.query';
