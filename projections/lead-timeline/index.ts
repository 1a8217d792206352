export { leadTimelineProjection } from './lead-timeline.projection';
export { type HomeNames, timelineOf, timelinePushesSince } from './timeline-queries';
// What the lead does, by the types the timeline says it with: the lead list counts them as its activity.
export { listingMailTimelineTypes } from './listing-mail-timeline';
export { type OrganizerTimelineEvent, organizerTimelineTypes } from './organizer-timeline';
export { showingTimelineTypes } from './showing-timeline';
