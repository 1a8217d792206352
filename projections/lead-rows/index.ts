/**
 * What the read models that keep rows per lead share: who holds a lead (setLeadOwner), who may see
 * it (leadScope) and where a merged lead's rows go (MergedLeads). Kept out of the engine, which knows no context's words.
 */
export { setLeadOwner } from './lead-owner';
export { leadRooms, leadScope, leadScopeParts, type Viewer } from './lead-scope';
export { accountChanges, type AccountMergeEvent, erasedRows, hasLeadRow, type LeadFold, MergedLeads } from './merged-leads';
