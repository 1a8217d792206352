import type { Migration } from './migration';

/**
 * One change sequence for the alerts projection's saved searches, outside its versioned tables
 * so that a rebuilt table keeps numbering upward: the alerts dispatcher follows the table by
 * "rows whose seq is past the last one seen" (see saved-search-candidates.ts).
 */
export const alertSearchSequence: Migration = {
  id: 10,
  name: 'alert-search-sequence',
  up: `CREATE SEQUENCE alert_searches_seq;`,
};
