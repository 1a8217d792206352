import type { Migration } from './migration';

/**
 * Ending a staff member's sessions ends the impersonations they run too (a sign-out, a lock of
 * their account): those sessions are found by impersonator. Few rows have one, so the index
 * holds only those.
 */
export const sessionsByImpersonator: Migration = {
  id: 13,
  name: 'sessions-by-impersonator',
  up: `
CREATE INDEX sessions_impersonator ON sessions (impersonator_id) WHERE impersonator_id IS NOT NULL;
`,
};
