import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { allProjections, projectionsFor, replayedLast } from './projections';

describe('the read models a configuration runs', () => {
  it('runs the Meilisearch documents only with SEARCH_INDEX=meilisearch, next to the PostgreSQL search tables', () => {
    expect(projectionsFor(loadConfig({}))).toBe(allProjections);
    const names = projectionsFor(loadConfig({ SEARCH_INDEX: 'meilisearch', MEILI_URL: 'http://localhost:7700' })).map((p) => p.name);
    expect(names).toEqual([...allProjections.map((p) => p.name), 'search_meili']);
    expect(names).toContain('search');
  });

  it('loads the search tables after the other read models with the in-memory index, and with them when they are the search', () => {
    expect(replayedLast(loadConfig({}))).toEqual(['search']);
    expect(replayedLast(loadConfig({ SEARCH_INDEX: 'postgres' }))).toEqual([]);
    expect(replayedLast(loadConfig({ SEARCH_INDEX: 'meilisearch', MEILI_URL: 'http://localhost:7700' }))).toEqual([]);
  });
});
