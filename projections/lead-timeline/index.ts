export { leadTimelineProjection } from './lead-timeline.projection';
export { type HomeNames, timelineOf, timelinePushesSince } from './timeline-queries';
export { type LeadHistoryEvent, leadHistoryTypes } from './lead-history';
export { cmaRequestSummary } from './home-value-timeline';
