import { describe, expect, it } from 'vitest';
import { contract } from '../../../src/contract/routes';
import { urlOf } from './contract-client';

describe('urlOf', () => {
  it("fills the route's params, encoded, and keeps only the query's defined values", () => {
    expect(urlOf(contract.tasks.editNote, { params: { leadId: 'a/b', noteId: 'n 1' } })).toBe('/api/dashboard/leads/a%2Fb/notes/n%201');
    expect(urlOf(contract.tasks.list, { query: { due: 'today', leadId: undefined, scope: 'mine' } })).toBe('/api/dashboard/tasks?due=today&scope=mine');
    expect(urlOf(contract.tasks.list)).toBe('/api/dashboard/tasks');
  });
});
