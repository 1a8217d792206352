import type { SchoolRecord } from './school-record';

/**
 * The schools context's events. A school's stream is `school-{NCESSCH}`; an import appends
 * SchoolListed when the school is new or any of its fields changed, nothing when it is the same.
 */
export type SchoolListed = {
  readonly type: 'SchoolListed';
  readonly data: { readonly school: SchoolRecord };
};

export type SchoolEvent = SchoolListed;
