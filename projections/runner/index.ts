export type { BatchOutput, Projection, ProjectionContext, Push, PushWithPosition, Signal } from './projection';
export { handledTypes } from './projection';
export { ProjectionRunner, type ProjectionState } from './projection-runner';
export { rebuildProjection, RebuildCancelledError, RebuildInProgressError, type RebuildProgress } from './rebuild';
export { projectionStatus, type ProjectionStatus, waitUntilCaughtUp } from './status';
export { type AccountMergeEvent, type LeadFold, MergedLeads } from './merged-leads';
