/** Injection tokens for what is created before Nest starts (see src/app/runtime.ts). */
export const CONFIG = Symbol('CONFIG');
export const DB_POOL = Symbol('DB_POOL');
/** Visitors' searches: a bounded pool of their own with a statement timeout (see src/app/runtime.ts). */
export const SEARCH_POOL = Symbol('SEARCH_POOL');
export const RUNNER = Symbol('RUNNER');
export const RUNTIME = Symbol('RUNTIME');
