import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { refused } from '../../../../tests/support/refused';
import { decideStartImport, evolveLeadImport, initialLeadImport, type StartImport, summaryOf } from './lead-import';
import type { LeadImportEvent } from '../lead-transfer.events';

const start: StartImport = {
  importId: 'i1',
  byUserId: 'A1',
  siteId: 's1',
  agentId: 'A1',
  officeId: 'B',
  fileName: 'leads.csv',
  fileSha256: 'abc',
  total: 3,
  policy: 'skip',
  mapping: { Name: 'FullName', Email: 'Email', Phone: 'Phone' },
};
const given = (...events: LeadImportEvent[]) => fold({ initialState: initialLeadImport, evolve: evolveLeadImport }, events);
const started: LeadImportEvent = { type: 'LeadImportStarted', data: start };
const batch: LeadImportEvent = {
  type: 'LeadImportBatchApplied',
  data: {
    importId: 'i1',
    done: 3,
    rows: [
      { row: 2, outcome: 'imported', leadId: 'L1', message: null },
      { row: 3, outcome: 'merged', leadId: 'L0', message: 'Merged into the existing lead' },
      { row: 4, outcome: 'rejected', leadId: null, message: 'Please enter a valid email' },
    ],
  },
};

describe('StartImport (given / when / then)', () => {
  it('given no import, when started, then LeadImportStarted', () => {
    expect(decideStartImport(start, given())).toEqual([started]);
  });

  it('given the import, when the same file with the same choices is posted again (mapping in any order), then nothing: it goes on', () => {
    expect(decideStartImport({ ...start, mapping: { Phone: 'Phone', Email: 'Email', Name: 'FullName' } }, given(started))).toEqual([]);
  });

  it.each([
    ['another file', { fileSha256: 'def' }],
    ['another policy', { policy: 'merge' as const }],
    ['another person', { byUserId: 'A2' }],
    ['another mapping', { mapping: { Name: 'FullName', Email: 'Email', Phone: null } as StartImport['mapping'] }],
  ])('given the import, when its id comes with %s, then 409', (_, over) => {
    expect(refused(() => decideStartImport({ ...start, ...over }, given(started)))).toMatchObject({
      code: 'conflict',
      message: 'This import id belongs to another import; start a new one',
    });
  });
});

describe('summaryOf', () => {
  it('counts the rows: merges are duplicates too; rejected rows are the errors', () => {
    const state = given(started, batch);
    if (!state.exists) throw new Error('no import');
    expect(summaryOf('i1', state)).toEqual({
      importId: 'i1',
      state: 'done',
      total: 3,
      done: 3,
      imported: 1,
      duplicates: 1,
      merged: 1,
      rejected: 1,
      errors: [{ row: 4, message: 'Please enter a valid email' }],
    });
  });
});
