import type { ComponentType } from 'react';

/**
 * The two pages visitors land on most, as an entry of the build gives them: each entry carries
 * one in its first load and loads the other on demand (web/src/main.tsx for search and every
 * other page, web/src/listing.tsx for a listing's page).
 */
export type EntryPages = {
  readonly Search: ComponentType;
  readonly Listing: ComponentType<{ pdid: string }>;
};
