export { actionPlansProjection, PLANS_SIGNAL } from './action-plans.projection';
export { type DueEnrolment, dueEnrolments, enrolmentsOfLead, leadsWhoOpenedAlerts, plansOwnedBy, type StoredPlan } from './action-plans.query';
