import { describe, expect, it } from 'vitest';
import type { GuideArchived, GuideWritten } from '../../src/modules/guides/guides.events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { guideById, guidesOf, guidesOfArea, guidesProjection } from './index';

const OFFICE = specId(1);
const OTHER_OFFICE = specId(2);
const BROKER = specId(3);
const written = (n: number, over: Partial<GuideWritten['data']> = {}): GuideWritten => ({
  type: 'GuideWritten',
  data: {
    guideId: specId(100 + n),
    officeId: OFFICE,
    byUserId: BROKER,
    title: `Guide ${n}`,
    area: { kind: 'city', label: 'Seattle' },
    body: 'Lakes and hills.',
    photos: [],
    ...over,
  },
});
const archived = (n: number): GuideArchived => ({ type: 'GuideArchived', data: { guideId: specId(100 + n), officeId: OFFICE, byUserId: BROKER } });

describe('guides read model', () => {
  const spec = projectionSpecification(guidesProjection);

  it("given guides of two offices, then an office lists its own, the latest changed first, and staff list every office's", () =>
    spec.given(written(1), written(2, { officeId: OTHER_OFFICE }), written(3)).then(async ({ pool }) => {
      expect((await guidesOf(pool, OFFICE)).map((g) => g.title)).toEqual(['Guide 3', 'Guide 1']);
      expect(await guidesOf(pool, null)).toHaveLength(3);
    }));

  it('given a guide, when it is saved again, then one row holds the latest text, and it moves to the front', () =>
    spec
      .given(written(1), written(2))
      .when(written(1, { title: 'Seattle, a guide', area: { kind: 'zip', label: '98103' } }))
      .then(async ({ pool }) => {
        expect((await guidesOf(pool, OFFICE)).map((g) => g.title)).toEqual(['Seattle, a guide', 'Guide 2']);
        expect(await guideById(pool, specId(101))).toMatchObject({ title: 'Seattle, a guide', officeId: OFFICE });
      }));

  it("lists a place's guides by its name whatever its case, only the office's own", () =>
    spec.given(written(1), written(2, { officeId: OTHER_OFFICE }), written(3, { area: { kind: 'city', label: 'Tacoma' } })).then(async ({ pool }) => {
      expect((await guidesOfArea(pool, OFFICE, { kind: 'city', label: 'SEATTLE' })).map((g) => g.title)).toEqual(['Guide 1']);
      expect(await guidesOfArea(pool, OFFICE, { kind: 'zip', label: 'Seattle' })).toEqual([]);
    }));

  it('given a guide, when it is archived, then it is gone from every read', () =>
    spec
      .given(written(1), written(2))
      .when(archived(1))
      .then(async ({ pool }) => {
        expect(await guideById(pool, specId(101))).toBeUndefined();
        expect((await guidesOf(pool, OFFICE)).map((g) => g.title)).toEqual(['Guide 2']);
        expect(await guidesOfArea(pool, OFFICE, { kind: 'city', label: 'Seattle' })).toHaveLength(1);
      }));
});
