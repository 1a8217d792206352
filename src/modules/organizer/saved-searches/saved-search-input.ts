import { parseSearchRequest } from '../../listings';
import { validation } from '../../../shared/errors';
import { ALERT_FREQUENCIES, type AlertFrequency } from '../organizer.events';

/** Fields of the saved-search form that are not criteria. */
const FORM_FIELDS = new Set(['name', 'filtersAsString', 'frequency']);
/** Where the visitor was in the results is not part of what they want to hear about. */
const NOT_KEPT = new Set(['page', 'perpage', 'type', 'reset', 'zoom']);
export const MAX_NAME = 120;

export type SavedSearchInput = {
  readonly name: string;
  readonly criteria: Record<string, string>;
  readonly searchQs: string;
  readonly searchTitle: string;
  readonly frequency: AlertFrequency;
};

export function parseFrequency(value: unknown): AlertFrequency {
  if (typeof value !== 'string' || !ALERT_FREQUENCIES.includes(value as AlertFrequency))
    throw validation(`frequency must be one of ${ALERT_FREQUENCIES.join(', ')}`);
  return value as AlertFrequency;
}

export function parseName(value: unknown): string {
  if (typeof value !== 'string') throw validation('name must be a string');
  const name = value.replace(/\s+/g, ' ').trim();
  if (name.length > MAX_NAME) throw validation(`name is too long (at most ${MAX_NAME} characters)`);
  return name;
}

/**
 * The saved-search payload (spec section 3): the form fields plus filtersAsString, the criteria
 * as a JSON string (it wins over a form field of the same name). The criteria go through the
 * search API's own parser, so a saved search takes exactly what a search takes (polygons too).
 */
export function parseSavedSearch(body: unknown): SavedSearchInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw validation('The saved search must be a JSON object');
  const raw = body as Record<string, unknown>;
  let fromJson: Record<string, unknown> = {};
  if (raw.filtersAsString !== undefined) {
    if (typeof raw.filtersAsString !== 'string') throw validation('filtersAsString must be a string');
    try {
      fromJson = JSON.parse(raw.filtersAsString) as Record<string, unknown>;
    } catch {
      throw validation('filtersAsString is not valid JSON');
    }
    if (typeof fromJson !== 'object' || fromJson === null || Array.isArray(fromJson)) throw validation('filtersAsString must hold a JSON object');
  }
  const merged: Record<string, unknown> = {};
  for (const [k, v] of [...Object.entries(raw), ...Object.entries(fromJson)]) if (!FORM_FIELDS.has(k)) merged[k] = v;
  const req = parseSearchRequest(merged, 'list');
  const criteria: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(req.searchQs)) if (!NOT_KEPT.has(k)) criteria[k] = v;
  const kept = parseSearchRequest(criteria, 'list');
  const name = raw.name === undefined ? '' : parseName(raw.name);
  return {
    name: name || kept.searchTitle || 'My search',
    criteria,
    searchQs: kept.searchQs,
    searchTitle: kept.searchTitle,
    frequency: raw.frequency === undefined ? 'instant' : parseFrequency(raw.frequency),
  };
}
