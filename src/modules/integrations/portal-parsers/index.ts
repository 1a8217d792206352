export type { InboundPortalMail, PortalReading } from './portal-reading';
export { readPortalEmail } from './read-portal-email';
export { readLeadDelivery } from './read-lead-delivery';
