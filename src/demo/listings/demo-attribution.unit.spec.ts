import { describe, expect, it } from 'vitest';
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
  it('every record gets a listing office and agent from its key (the same each time), unless it names its own', async () => {
    const own: ResoRecord = { ListingKey: 'K2', StandardStatus: 'Active', ListPrice: 1, Latitude: 1, Longitude: 1, ListOfficeName: 'Own Office', ListAgentFullName: 'Own Agent' };
    const [plain, named] = await records(resoItems([{ ListingKey: 'K1', StandardStatus: 'Active', ListPrice: 1, Latitude: 1, Longitude: 1 }, own]));
    expect(plain).toMatchObject({ ListOfficeName: expect.any(String), ListAgentFullName: expect.any(String), ListOfficeMlsId: expect.stringMatching(/^DEMO-O\d+$/) });
    expect(plain).toMatchObject(demoAttribution('K1'));
    expect(named).toMatchObject({ ListOfficeName: 'Own Office', ListAgentFullName: 'Own Agent' });
    // What the importer keeps for the cards' "Listing courtesy of ...".
    const parsed = parseResoRecord(plain);
    expect(parsed.ok && parsed.kind === 'listing' && [parsed.record.ListOfficeName, parsed.record.ListAgentFullName]).toEqual([plain.ListOfficeName, plain.ListAgentFullName]);
  });

  it('spreads the listings over several offices', async () => {
    const all = await records(await generatedListingItems({ count: 2000, seed: 7, today: '2025-06-01' }));
    const offices = new Set(all.map((r) => r.ListOfficeName));
    expect(offices.size).toBeGreaterThanOrEqual(6);
    expect(all.every((r) => r.ListOfficeName && r.ListAgentFullName && r.InternetEntireListingDisplayYN === undefined)).toBe(true);
  });

  it("gives the demo seed's agents listings of their own in the demo office, some not shown publicly; only when asked", async () => {
    const seeded = await records(await generatedListingItems({ count: 10_000, seed: 7, today: '2025-06-01', demoAgents: true }));
    const of = (mlsId: string) => seeded.filter((r) => r.ListAgentMlsId === mlsId);
    for (const mlsId of Object.values(DEMO_AGENT_MLS_IDS)) {
      expect(of(mlsId).length).toBeGreaterThan(10);
      expect(of(mlsId).every((r) => r.ListOfficeName === DEMO_OFFICE.name)).toBe(true);
      expect(of(mlsId).filter((r) => r.InternetEntireListingDisplayYN === false).length).toBeGreaterThan(0);
    }
    const hidden = seeded.filter((r) => r.InternetEntireListingDisplayYN === false);
    expect(hidden.every((r) => Object.values(DEMO_AGENT_MLS_IDS).includes(r.ListAgentMlsId as never))).toBe(true);
    const plain = await records(await generatedListingItems({ count: 10_000, seed: 7, today: '2025-06-01' }));
    expect(plain.some((r) => Object.values(DEMO_AGENT_MLS_IDS).includes(r.ListAgentMlsId as never) || r.InternetEntireListingDisplayYN === false)).toBe(false);
  });
});
