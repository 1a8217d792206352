/** The product description's strings and numbers for the search screens (sections 5, 8, 9). */
export const MSG = {
  emptyLocation: 'Please enter a search location',
  soldNeedsLocation: 'Please enter a city or zip code to search for sold properties.',
  soldErrorTitle: 'Search Error!',
  soldDisabledOnRefresh: 'Sold property searching requires a city or zip. Disabling sold property search.',
  searchFailed: 'Error loading search results, please try again',
  findingListing: 'Finding your requested listing',
  pdqFailed: (detail: string) => `Unable to persist the PDQ. See error: ${detail}`,
} as const;

/** Statuses whose {message} says why a search was refused (a limit, the address's rate, a timeout): shown under searchFailed. */
export const REFUSALS: readonly number[] = [400, 429, 503];

export const AUTOCOMPLETE_DEBOUNCE_MS = 800;
export const AUTOCOMPLETE_MIN_CHARS = 2;
export const SOLD_RESET_MS = 650;
export const HANDOFF_DELAY_MS = 3000;
export const MOBILE_MAX_WIDTH = 769; // "Mobile is a viewport width below 770."
