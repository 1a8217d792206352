/** The in-process push the lead_notices projection emits after it queued new-lead notices. */
export const LEAD_NOTICES_PUSH = 'leads.noticesQueued';
