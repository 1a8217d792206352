import { describe, expect, it } from 'vitest';
import { filterChips, manyFilters, withChanges } from '../features/leads/components/FilterBar';
import { activeFilterCount, filtersFromParams, filtersFromSaved, filtersToParams, placesPushedLeads, sameFilters, savedForm } from './leadFilters';

describe('lead list filters in the address', () => {
  it('reads the known filters, several values of a list filter, and leaves the rest (the lead) alone', () => {
    const f = filtersFromParams(new URLSearchParams('lead=L1&stage=New&stage=Active&tag=vip&q=ann&sort=-created&lastActivity=7d&colour=red&contacted=maybe'));
    expect(f).toEqual({ stage: ['New', 'Active'], tag: ['vip'], q: 'ann', sort: '-created', lastActivity: '7d' });
    const into = new URLSearchParams('lead=L1&tag=old');
    expect(filtersToParams(f, into).toString()).toBe('lead=L1&stage=New&stage=Active&tag=vip&q=ann&lastActivity=7d&sort=-created');
  });

  it('writes equal filters as equal links, whatever order they were given in', () => {
    expect(sameFilters({ tag: ['vip'], stage: ['New'] }, { stage: ['New'], tag: ['vip'] })).toBe(true);
    expect(sameFilters({ stage: ['New'] }, { stage: ['New'], sort: 'name' })).toBe(false);
    expect(filtersToParams({}).toString()).toBe('');
  });

  it('round-trips a smart list’s saved form', () => {
    const saved = { stage: 'New', tag: ['vip', 'buyer'], notContactedHours: '24' };
    expect(filtersFromSaved(saved)).toEqual({ stage: ['New'], tag: ['vip', 'buyer'], notContactedHours: '24' });
    expect(savedForm(filtersFromSaved(saved))).toEqual(saved);
  });

  it('counts the filters in force (not the text or the sort)', () => {
    expect(activeFilterCount({ q: 'ann', sort: 'name' })).toBe(0);
    expect(activeFilterCount({ stage: ['New'], created: '7d', q: 'x' })).toBe(2);
  });

  it('places pushed leads itself only when newest activity first and filtered by what it can check', () => {
    expect(placesPushedLeads({})).toBe(true);
    expect(placesPushedLeads({ q: 'ann', source: ['zillow'], status: 'new' })).toBe(true);
    expect(placesPushedLeads({ sort: 'name' })).toBe(false);
    expect(placesPushedLeads({ stage: ['New'] })).toBe(false);
    expect(placesPushedLeads({ lastActivity: '7d' })).toBe(false);
  });
});

describe('the filter bar’s chips', () => {
  const many = manyFilters(
    { stages: ['New'], tags: ['vip'], sites: [{ siteId: 'S1', site: 'jane', siteName: 'Jane Agent Homes' }] },
    ['zillow'],
    [{ userId: 'A1', fullName: 'Jane Agent' } as never],
    'broker',
  );

  it('say each filter in words, with names for ids, and remove just that one', () => {
    const chips = filterChips({ site: ['S1'], agentId: ['A1', 'none'], lastActivity: '7d', created: '2026-01-01..', q: 'ann' }, many);
    expect(chips.map((c) => c.text)).toEqual([
      'Site: Jane Agent Homes',
      'Agent: Jane Agent',
      'Agent: Nobody (pond)',
      'Last activity: Last 7 days',
      'Created: 2026-01-01..',
      'Text: ann',
    ]);
    expect(chips[1]!.without).toEqual({ site: ['S1'], agentId: ['none'], lastActivity: '7d', created: '2026-01-01..', q: 'ann' });
    expect(chips[0]!.without).not.toHaveProperty('site');
  });

  it('agents do not get an agent filter', () => {
    expect(manyFilters(null, [], [], 'agent').map((m) => m.key)).toEqual(['stage', 'tag', 'source', 'site']);
  });

  it('changes drop filters set to nothing', () => {
    expect(withChanges({ stage: ['New'], tag: ['vip'] }, { stage: [], tag: undefined, sort: 'name' })).toEqual({ sort: 'name' });
  });
});
