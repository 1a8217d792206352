export { sitesProjection } from './sites.projection';
export { siteById, siteForHost, siteIdForDomain, sitesByIds, sitesEditableBy, type SiteView, subdomainFor, subdomainsOf } from './sites.query';
export { officeSiteSettings } from './office-settings.query';
export { siteStylesOf } from './site-styles.query';
