/** One versioned schema change, applied once in id order (see migrate.ts). */
export type Migration = { readonly id: number; readonly name: string; readonly up: string };
