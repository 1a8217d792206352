/**
 * What the read models that keep rows per lead share: who holds a lead (setLeadOwner) and where a
 * merged lead's rows go (MergedLeads). Kept out of the engine, which knows no context's words.
 */
export { setLeadOwner } from './lead-owner';
export { type AccountMergeEvent, erasedRows, hasLeadRow, type LeadFold, MergedLeads } from './merged-leads';
