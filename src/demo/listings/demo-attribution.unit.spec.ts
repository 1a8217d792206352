import { beforeAll, describe, expect, it } from 'vitest';
import type { ResoRecord } from '../../modules/listings/reso-record';
import { parseResoRecord } from '../../modules/listings';
import { DEMO_AGENT_MLS_IDS, DEMO_OFFICE, demoAttribution } from './demo-attribution';
import { generatedListingItems, resoItems } from './demo-listing-source';

const records = async (items: AsyncIterable<{ parse: () => unknown }>) => {
  const out: ResoRecord[] = [];
  for await (const item of items) out.push(item.parse() as ResoRecord);
  return out;
};

describe('demo listings carry IDX attribution', () => {
  let plain: ResoRecord[];
  let seeded: ResoRecord[];
  // Generating 20,000 records (and loading the zip directory) is slow on a busy machine: done once.
  beforeAll(async () => {
    plain = await records(await generatedListingItems({ count: 10_000, seed: 7, today: '2025-06-01' }));
    seeded = await records(await generatedListingItems({ count: 10_000, seed: 7, today: '2025-06-01', demoAgents: true }));
  }, 120_000);

  it('every record gets a listing office and agent from its key (the same each time), unless it names its own', async () => {
    const own: ResoRecord = {
      ListingKey: 'K2',
      StandardStatus: 'Active',
      ListPrice: 1,
      Latitude: 1,
      Longitude: 1,
      ListOfficeName: 'Own Office',
      ListAgentFullName: 'Own Agent',
    };
    const [k1, named] = await records(resoItems([{ ListingKey: 'K1', StandardStatus: 'Active', ListPrice: 1, Latitude: 1, Longitude: 1 }, own]));
    expect(k1).toMatchObject({
      ListOfficeName: expect.any(String),
      ListAgentFullName: expect.any(String),
      ListOfficeMlsId: expect.stringMatching(/^DEMO-O\d+$/),
    });
    expect(k1).toMatchObject(demoAttribution('K1'));
    expect(named).toMatchObject({ ListOfficeName: 'Own Office', ListAgentFullName: 'Own Agent' });
    // What the importer keeps for the cards' "Listing courtesy of ...".
    const parsed = parseResoRecord(k1);
    expect(parsed.ok && parsed.kind === 'listing' && [parsed.record.ListOfficeName, parsed.record.ListAgentFullName]).toEqual([
      k1!.ListOfficeName,
      k1!.ListAgentFullName,
    ]);
  });

  it('spreads the listings over several offices', async () => {
    const offices = new Set(plain.map((r) => r.ListOfficeName));
    expect(offices.size).toBeGreaterThanOrEqual(6);
    expect(plain.every((r) => r.ListOfficeName && r.ListAgentFullName && r.InternetEntireListingDisplayYN === undefined)).toBe(true);
  });

  it("gives the demo seed's agents listings of their own in the demo office, some not shown publicly; only when asked", async () => {
    const of = (mlsId: string) => seeded.filter((r) => r.ListAgentMlsId === mlsId);
    for (const mlsId of Object.values(DEMO_AGENT_MLS_IDS)) {
      expect(of(mlsId).length).toBeGreaterThan(10);
      expect(of(mlsId).every((r) => r.ListOfficeName === DEMO_OFFICE.name)).toBe(true);
      expect(of(mlsId).filter((r) => r.InternetEntireListingDisplayYN === false).length).toBeGreaterThan(0);
    }
    const hidden = seeded.filter((r) => r.InternetEntireListingDisplayYN === false);
    expect(hidden.every((r) => Object.values(DEMO_AGENT_MLS_IDS).includes(r.ListAgentMlsId as never))).toBe(true);
    expect(plain.some((r) => Object.values(DEMO_AGENT_MLS_IDS).includes(r.ListAgentMlsId as never) || r.InternetEntireListingDisplayYN === false)).toBe(false);
  });
});
