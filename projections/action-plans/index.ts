export { actionPlansProjection, PLANS_SIGNAL } from './action-plans.projection';
export {
  type DueEnrolment,
  dueEnrolments,
  enrolmentsOfLead,
  leadsOfUser,
  leadsWhoOpenedAlerts,
  plansOfOwner,
  plansOwnedBy,
  type StoredPlan,
} from './action-plans.query';
