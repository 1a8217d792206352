export { LEAD_EMAIL_PUSH, leadEmailMailId, leadEmailOutboxProjection } from './lead-email-outbox.projection';
