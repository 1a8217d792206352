export { agreementsProjection } from './agreements.projection';
export { type DueAgreementReminder, dueAgreementReminders, REMIND_DAYS_BEFORE } from './agreements.query';
