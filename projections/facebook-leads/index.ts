export { facebookLeadsProjection } from './facebook-leads.projection';
export { type FacebookLeadStats, facebookLeadStats, facebookPagesOf, type FacebookPageRow } from './facebook-leads.query';
