import type { Criteria } from '../../../../../src/contract/search';
import { hasBox } from '../../search';
import { FILTER_FIELDS } from '../../search';
import { polygonsOf } from '../../search';
import { tagsFromCriteria } from '../../search';

/** The filters the summary counts: the filters form's fields, and sold / for rent. */
const COUNTED: readonly string[] = [...FILTER_FIELDS, 'soldproperty', 'forrent'];

/**
 * What the save modal says a search covers: its places (tags, then '2 drawn areas' counted from
 * the polygons themselves, the map area, a radius) and how many filters it sets (not the sort,
 * the page, or the fields of its places).
 */
export function savedSearchSummary(c: Criteria): { places: string[]; filters: number } {
  const places = tagsFromCriteria(c).map((t) => t.label);
  const drawn = polygonsOf(c).length;
  if (drawn > 0) places.push(drawn === 1 ? '1 drawn area' : `${drawn} drawn areas`);
  if (hasBox(c)) places.push('Map area');
  if (c.radius && c.lat && c.long) places.push(`Within ${c.radius} mi of a point`);
  return { places, filters: COUNTED.filter((f) => c[f]).length };
}
