export { leadPondProjection } from './lead-pond.projection';
export { type PondDeadline, pondDeadlinesPassed } from './pond-queries';
