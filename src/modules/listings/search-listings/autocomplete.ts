import type { SearchIndex, SuggestionKind } from '../../../../projections/search';
import { validation } from '../../../shared/errors';

const GROUPS: Record<SuggestionKind, { name: string; friendlyInputName: string; inputName: string }> = {
  city: { name: 'Cities', friendlyInputName: 'City', inputName: 'acl_city' },
  county: { name: 'Counties', friendlyInputName: 'County', inputName: 'acl_county' },
  zip: { name: 'Zip Codes', friendlyInputName: 'Zip Code', inputName: 'acl_zip5' },
  address: { name: 'Addresses', friendlyInputName: 'Address', inputName: 'acl_kw' },
  mlsid: { name: 'MLS Numbers', friendlyInputName: 'MLS #', inputName: 'mlsid' },
};
const KINDS = Object.keys(GROUPS) as SuggestionKind[];

export type AutocompleteGroup = {
  name: string;
  groupcount: number;
  items: { friendlyInputName: string; inputName: string; value: string }[];
};

/**
 * GET /api/search/autocomplete/{type}/{term}/: `kw` asks every group, the others one. The
 * signed-in lead's 'Saved Searches' group (IncludeSearches=1) is added by the controller through
 * the SavedSearchSuggestions port, outside the shared result cache.
 */
export async function autocomplete(
  index: SearchIndex,
  type: string,
  rawTerm: string,
  includeSearches: string | undefined,
): Promise<{ groups: AutocompleteGroup[] }> {
  const term = rawTerm.trim().replace(/\s+/g, ' ').toLowerCase();
  if (term.length < 2) throw validation('Please enter at least 2 characters');
  if (term.length > 100) throw validation('The search term is longer than 100 characters');
  if (type !== 'kw' && !KINDS.includes(type as SuggestionKind))
    throw validation(`Unknown autocomplete type ${JSON.stringify(type)}: use kw, ${KINDS.join(', ')}`);
  if (includeSearches !== undefined && includeSearches !== '0' && includeSearches !== '1') throw validation('IncludeSearches must be 1 or 0');
  const kinds = type === 'kw' ? KINDS : [type as SuggestionKind];
  const suggestions = await index.suggest(kinds, term, type === 'kw' ? 5 : 10);
  const groups = kinds
    .map((kind) => {
      const g = GROUPS[kind];
      const items = suggestions.filter((s) => s.kind === kind).map((s) => ({ friendlyInputName: g.friendlyInputName, inputName: g.inputName, value: s.value }));
      return { name: g.name, groupcount: items.length, items };
    })
    .filter((g) => g.groupcount > 0);
  return { groups };
}
