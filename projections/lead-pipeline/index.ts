export { FIRST_CONTACT_SIGNAL, leadPipelineProjection, STAGE_MOVES_SIGNAL } from './lead-pipeline.projection';
export { type PendingFirstContact, pendingFirstContacts, pendingStageMoves } from './pipeline-queries';
