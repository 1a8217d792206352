export type { BatchOutput, Projection, ProjectionContext, Push, PushWithPosition, ReplayContext, Signal } from './projection';
export { eventsOf, handledTypes } from './projection';
export { type OutboxInsert, outboxProjection, type QueuedSignal } from './outbox-projection';
export { ProjectionRunner, type ProjectionState } from './projection-runner';
export { rebuildProjection, RebuildCancelledError, RebuildInProgressError, type RebuildProgress } from './rebuild';
export { projectionStatus, type ProjectionStatus, waitUntilCaughtUp } from './status';
export { passedBy } from './passed';
export { foldLogInPasses, type LoggedEvent } from './bulk-replay';
