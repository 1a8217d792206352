export type { InboundPortalMail, PortalReading } from './portal-reading';
export { readPortalEmail } from './read-portal-email';
export { readLeadDelivery } from './read-lead-delivery';
export { UNKNOWN_DELIVERY } from './read-lead-delivery';
