export { actionPlansProjection, PLANS_SIGNAL } from './action-plans.projection';
export { type DueEnrolment, dueEnrolments, enrolmentsOfLead, hasOpenedAlert, plansOwnedBy, type StoredPlan } from './action-plans.query';
