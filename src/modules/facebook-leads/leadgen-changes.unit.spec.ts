import { describe, expect, it } from 'vitest';
import { leadgenChangesOf } from './leadgen-changes';

describe("Meta's page webhook body → leadgen changes", () => {
  it('reads each leadgen change (ids as strings or numbers), with its time, and leaves other fields and objects out', () => {
    const body = {
      object: 'page',
      entry: [
        {
          id: '153125381133',
          time: 1764410400,
          changes: [
            {
              field: 'leadgen',
              value: {
                ad_id: 444444444,
                form_id: '444444444444',
                leadgen_id: '444444444444',
                created_time: 1764410400,
                page_id: '153125381133',
                adgroup_id: '44444444444',
              },
            },
            { field: 'feed', value: { item: 'status', post_id: '1_2' } },
            { field: 'leadgen', value: { form_id: '1' } },
          ],
        },
        { id: '99', time: 1, changes: [{ field: 'leadgen', value: { leadgen_id: 555, form_id: '6' } }] },
      ],
    };
    expect(leadgenChangesOf(body)).toEqual([
      {
        leadgenId: '444444444444',
        pageId: '153125381133',
        formId: '444444444444',
        adId: '444444444',
        adgroupId: '44444444444',
        createdAt: '2025-11-29T10:00:00.000Z',
      },
      // The page from the entry when the change leaves it out.
      { leadgenId: '555', pageId: '99', formId: '6', adId: null, adgroupId: null, createdAt: null },
    ]);
  });

  it('another object → none; not a webhook body → null; ids that are not numbers are refused', () => {
    expect(leadgenChangesOf({ object: 'instagram', entry: [] })).toEqual([]);
    expect(leadgenChangesOf({ hello: 'world' })).toBeNull();
    expect(leadgenChangesOf(null)).toBeNull();
    expect(leadgenChangesOf({ object: 'page', entry: [{ id: '1', changes: [{ field: 'leadgen', value: { leadgen_id: '../me', page_id: '1' } }] }] })).toEqual(
      [],
    );
  });
});
