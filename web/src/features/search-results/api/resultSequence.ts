import { resultPdids } from './resultsApi';
import type { Criteria } from '../../../../../src/contract/search';
import { readJson, writeJson } from '../../../ui/storage';
import { sameCriteria, withCriteria } from '../../search';

/**
 * The stored result sequence behind a listing page's Previous / Next / All and forceopen=N.
 * Each search stores its criteria; the ordered pdids are fetched (POST /api/search/pdids) only
 * when a listing page or forceopen first needs them.
 */
export type ResultSequence = {
  readonly criteria: Criteria;
  readonly searchUrl: string;
  readonly searchTitle: string;
  readonly pdids: readonly string[] | null;
};

const KEY = 'porchlight.resultSequence';

export const loadSequence = (): ResultSequence | null => readJson<ResultSequence>('localStorage', KEY);

const sequenceCriteria = (c: Criteria) => withCriteria(c, { page: undefined, perpage: undefined });

/** After a search: stored when it found something; otherwise cleared (the search page is never in it). */
export function rememberSearch(criteria: Criteria, total: number, searchUrl: string, searchTitle: string): void {
  if (total === 0) {
    writeJson('localStorage', KEY, null);
    return;
  }
  const c = sequenceCriteria(criteria);
  const old = loadSequence();
  const pdids = old && sameCriteria(old.criteria, c) ? old.pdids : null;
  writeJson('localStorage', KEY, { criteria: c, searchUrl, searchTitle, pdids } satisfies ResultSequence);
}

export async function sequencePdids(seq: ResultSequence): Promise<readonly string[]> {
  if (seq.pdids) return seq.pdids;
  const { pdids } = await resultPdids(seq.criteria);
  writeJson('localStorage', KEY, { ...seq, pdids } satisfies ResultSequence);
  return pdids;
}

/** Previous and next around a listing; null when the listing is not in the stored sequence. */
export function neighbours(pdids: readonly string[], pdid: string): { index: number; prev: string | null; next: string | null } | null {
  const index = pdids.indexOf(pdid);
  if (index === -1) return null;
  return { index, prev: pdids[index - 1] ?? null, next: pdids[index + 1] ?? null };
}
