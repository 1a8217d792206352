export { leadNoticesProjection } from './lead-notices.projection';
export { LEAD_NOTICES_PUSH } from './lead-notices-queue';
