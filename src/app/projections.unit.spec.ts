import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { allProjections, projectionsFor } from './projections';

describe('the read models a configuration runs', () => {
  it('runs the Meilisearch documents only with SEARCH_INDEX=meilisearch, next to the PostgreSQL search tables', () => {
    expect(projectionsFor(loadConfig({}))).toBe(allProjections);
    const names = projectionsFor(loadConfig({ SEARCH_INDEX: 'meilisearch', MEILI_URL: 'http://localhost:7700' })).map((p) => p.name);
    expect(names).toEqual([...allProjections.map((p) => p.name), 'search_meili']);
    expect(names).toContain('search');
  });
});
