import type { Request } from 'express';
import type { AutocompleteGroup } from './autocomplete';

/**
 * Autocomplete's 'Saved Searches' group (IncludeSearches=1): the signed-in lead's own saved
 * searches, provided by the organizer context (which depends on listings, not the reverse).
 * Never cached: it belongs to one user.
 */
export abstract class SavedSearchSuggestions {
  abstract group(req: Request, term: string): Promise<AutocompleteGroup | undefined>;
}
