import { describe, expect, it } from 'vitest';
import type { ImportRowOutcome, LeadImportEvent } from '../../src/modules/lead-transfer/lead-transfer.events';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { importProgress, importReport, leadImportsProjection } from './index';

const IMPORT = specId(1);
const BROKER = specId(2);
const started: LeadImportEvent = {
  type: 'LeadImportStarted',
  data: {
    importId: IMPORT,
    byUserId: BROKER,
    siteId: specId(3),
    agentId: specId(4),
    officeId: BROKER,
    fileName: 'open-house.csv',
    fileSha256: 'ab'.repeat(32),
    total: 5,
    policy: 'merge',
    mapping: { Name: 'FullName', Email: 'Email' },
  },
};
const batch = (done: number, rows: ImportRowOutcome[]): LeadImportEvent => ({ type: 'LeadImportBatchApplied', data: { importId: IMPORT, done, rows } });
const row = (n: number, outcome: ImportRowOutcome['outcome'], leadId: string | null, message: string | null): ImportRowOutcome => ({
  row: n,
  outcome,
  leadId,
  message,
});

describe('lead imports read model', () => {
  const spec = projectionSpecification(leadImportsProjection);

  it('given an import of five rows, when two batches are applied, then the page shows it done with each count, the rejected rows first among the errors', () =>
    spec
      .given(
        started,
        batch(3, [row(2, 'imported', specId(11), null), row(3, 'rejected', null, 'No e-mail or phone'), row(4, 'duplicate', specId(12), 'Already a lead')]),
      )
      .when(batch(5, [row(5, 'merged', specId(13), 'Merged into the lead with this e-mail'), row(6, 'imported', specId(14), null)]))
      .then(async ({ pool }) => {
        expect(await importProgress(pool, IMPORT)).toEqual({
          importId: IMPORT,
          byUserId: BROKER,
          state: 'done',
          total: 5,
          done: 5,
          imported: 2,
          duplicates: 2,
          merged: 1,
          rejected: 1,
          errors: [{ row: 3, message: 'No e-mail or phone' }],
        });
        expect((await importReport(pool, IMPORT)).map((r) => [r.row, r.outcome])).toEqual([
          [3, 'rejected'],
          [4, 'duplicate'],
          [5, 'merged'],
        ]);
      }));

  it('given an import half done, then it is running', () =>
    spec
      .given(started, batch(2, [row(2, 'imported', specId(11), null)]))
      .then(async ({ pool }) => expect(await importProgress(pool, IMPORT)).toMatchObject({ state: 'running', done: 2, imported: 1 })));

  it("given a row that duplicates a lead, when that lead's person is erased, then the row goes from the report and the counts stay", () => {
    const erased: PersonErased = {
      type: 'PersonErased',
      data: { userId: specId(20), leadIds: [specId(12)], byUserId: null, how: 'request', reason: 'Asked by phone' },
    };
    return spec
      .given(started, batch(3, [row(3, 'rejected', null, 'No e-mail or phone'), row(4, 'duplicate', specId(12), 'Already a lead')]))
      .when(erased)
      .then(async ({ pool }) => {
        expect((await importReport(pool, IMPORT)).map((r) => r.row)).toEqual([3]);
        expect(await importProgress(pool, IMPORT)).toMatchObject({ duplicates: 1, rejected: 1 });
      });
  });

  it('given no such import, then there is no progress to show', () =>
    spec.given().then(async ({ pool }) => expect(await importProgress(pool, IMPORT)).toBeUndefined()));
});
