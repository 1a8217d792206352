import { describe, expect, it } from 'vitest';
import { parseBody } from '../../../http/parse-body';
import { refused } from '../../../../tests/support/refused';
import { filtersOf, LeadsQuery, SavedLeadFilters, stagesInOrder, timeWindow } from './lead-filters';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const parse = (query: Record<string, string | string[]>) => filtersOf(parseBody(LeadsQuery, query), NOW);
const message = (query: Record<string, string | string[]>) => refused(() => parse(query)).message;
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
const A1 = '00000000-0000-4000-8000-000000000010';
const SITE = '00000000-0000-4000-9000-000000000001';

describe('lead list filters', () => {
  it('no filters: nothing to filter by, newest activity first is the queries’ default', () => {
    expect(parse({})).toEqual({});
    expect(parse({ page: '2', perpage: '10' })).toEqual({});
  });

  it('keeps the status, source and text filters of section 5 (text of 2+ characters)', () => {
    expect(parse({ status: 'new', source: 'zillow', q: ' Maria ' })).toEqual({ status: 'new', sources: ['zillow'], q: 'Maria' });
    expect(message({ q: 'M' })).toBe('Search needs at least 2 characters');
    expect(message({ status: 'old' })).toBe('status must be new or contacted');
  });

  it('a repeated filter means any of its values; duplicates and spaces go', () => {
    expect(parse({ stage: ['New', ' Active', 'New'], tag: 'vip', site: SITE, agentId: [A1, 'none'] })).toEqual({
      stages: ['New', 'Active'],
      tags: ['vip'],
      siteIds: [SITE],
      agentIds: [A1],
      unassigned: true,
    });
    expect(parse({ agentId: 'none' })).toEqual({ unassigned: true });
  });

  it('refuses malformed ids, empty names and more than 20 values, saying what a value must be', () => {
    expect(message({ site: 'jane' })).toBe('site must be a site id');
    expect(message({ agentId: 'jane' })).toBe("agentId must be an agent's id or none");
    expect(message({ stage: '' })).toBe('stage must be a stage name (1 to 60 characters)');
    expect(message({ tag: 'x'.repeat(61) })).toBe('tag must be a tag (1 to 60 characters)');
    expect(message({ tag: Array.from({ length: 21 }, (_, i) => `t${i}`) })).toBe('At most 20 values of tag');
    expect(message({ colour: 'red' })).toBe('Unknown field: colour');
  });

  it('notContactedHours=N: last contact (or, never contacted, arrival) older than N hours', () => {
    expect(parse({ notContactedHours: '48' })).toEqual({ notContactedSince: hoursAgo(48) });
    for (const bad of ['0', '8761', '2.5', 'x', '-3'])
      expect(message({ notContactedHours: bad })).toBe('notContactedHours must be a whole number of hours from 1 to 8760');
  });

  it('contacted=yes|no: has, or has not, a first contact', () => {
    expect(parse({ contacted: 'no' })).toEqual({ contacted: false });
    expect(parse({ contacted: 'yes' })).toEqual({ contacted: true });
    expect(message({ contacted: 'maybe' })).toBe('contacted must be yes or no');
  });

  it('sort: lastActivity, created, name, lastContact or score, - for descending', () => {
    expect(parse({ sort: 'name' })).toEqual({ sort: { key: 'name', desc: false } });
    expect(parse({ sort: '-created' })).toEqual({ sort: { key: 'created', desc: true } });
    expect(parse({ sort: 'lastContact' })).toEqual({ sort: { key: 'lastContact', desc: false } });
    expect(parse({ sort: '-score' })).toEqual({ sort: { key: 'score', desc: true } });
    for (const bad of ['price', '--name', '+name', ''])
      expect(message({ sort: bad })).toBe('sort must be lastActivity, created, name, lastContact or score, with - in front for descending (e.g. -created)');
  });

  it('scoreMin: a lead score of at least 0 to 100', () => {
    expect(parse({ scoreMin: '60' })).toEqual({ scoreMin: 60 });
    expect(parse({ scoreMin: '0' })).toEqual({ scoreMin: 0 });
    for (const bad of ['101', '-1', '5.5', 'hot']) expect(message({ scoreMin: bad })).toBe('scoreMin must be a whole number from 0 to 100');
  });

  it('a smart list saves the same filters without paging', () => {
    expect(parseBody(SavedLeadFilters, { stage: 'New', contacted: 'no' })).toEqual({ stage: 'New', contacted: 'no' });
    expect(refused(() => parseBody(SavedLeadFilters, { page: '2' })).message).toBe('Unknown field: page');
  });
});

describe('time windows (lastActivity, lastContact, created)', () => {
  it('7d, 24h, 2w: in the last …; >30d: more than … ago', () => {
    expect(timeWindow('lastActivity', '7d', NOW)).toEqual({ from: hoursAgo(7 * 24) });
    expect(timeWindow('lastActivity', '24h', NOW)).toEqual({ from: hoursAgo(24) });
    expect(timeWindow('lastActivity', '2w', NOW)).toEqual({ from: hoursAgo(14 * 24) });
    expect(timeWindow('created', '>30d', NOW)).toEqual({ to: hoursAgo(30 * 24) });
  });

  it('ranges of dates are whole UTC days, the end day included; either end may be open', () => {
    expect(timeWindow('created', '2026-01-01..2026-01-31', NOW)).toEqual({ from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-02-01T00:00:00Z') });
    expect(timeWindow('created', '2026-03-01..', NOW)).toEqual({ from: new Date('2026-03-01T00:00:00Z') });
    expect(timeWindow('created', '..2026-03-01', NOW)).toEqual({ to: new Date('2026-03-02T00:00:00Z') });
  });

  it('ranges of date-times keep their zone', () => {
    expect(timeWindow('lastContact', '2026-01-01T08:00:00-08:00..2026-01-02T08:00Z', NOW)).toEqual({
      from: new Date('2026-01-01T16:00:00Z'),
      to: new Date('2026-01-02T08:00:00Z'),
    });
    expect(timeWindow('lastContact', '2026-01-01T08:00:00.250Z..', NOW)).toEqual({ from: new Date('2026-01-01T08:00:00.250Z') });
  });

  it('refuses what is not a window, impossible dates and ranges that end before they start', () => {
    const bad = (v: string) => refused(() => timeWindow('lastActivity', v, NOW)).message;
    for (const v of [
      '7',
      'd7',
      '0d',
      '7y',
      '..',
      'yesterday',
      '2026-02-30..',
      '2026-01-01T08:00..',
      '99999w',
      '2026-01-01...2026-01-02',
      '2026-01-01..2026-01-02..',
    ]) {
      expect(bad(v)).toBe('lastActivity must be like 7d (in the last 7 days), >30d (more than 30 days ago) or 2026-01-01..2026-01-31');
    }
    expect(bad('2026-02-01..2026-01-01')).toBe('lastActivity: the range ends before it starts');
    expect(message({ created: '1 week' })).toBe('created must be like 7d (in the last 7 days), >30d (more than 30 days ago) or 2026-01-01..2026-01-31');
  });
});

describe('stage order for the filter bar', () => {
  it('the default pipeline first, in its order, then an office’s own stages alphabetically', () => {
    expect(stagesInOrder(['Lost', 'Zeta', 'New', 'Alpha', 'Active'])).toEqual(['New', 'Active', 'Lost', 'Alpha', 'Zeta']);
  });
});
