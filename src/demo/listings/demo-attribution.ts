import { hashString } from '../../shared/prng';
import type { ResoRecord } from '../../modules/listings/reso-record';

/**
 * The MLS agent ids of the demo's two agents (set on their profiles by the demo seed): demo
 * listings that name them as listing agent are theirs in the dashboard's "My listings".
 */
export const DEMO_AGENT_MLS_IDS = { agent: 'DEMO-A1010', agent2: 'DEMO-A1011' } as const;

/** The demo broker's own office, as the MLS names it. */
export const DEMO_OFFICE = { name: 'Demo Realty', mlsId: 'DEMO-O15' } as const;

type Office = { readonly name: string; readonly mlsId: string; readonly agents: readonly string[] };

// Invented brokerages and agents: the demo files name none, and IDX rules want every listing
// attributed ("Listing courtesy of ..."), so the demo shows that line as real feeds do.
const OFFICES: readonly Office[] = [
  { name: 'Cedar & Main Realty', mlsId: 'DEMO-O01', agents: ['Nora Castillo', 'Ben Whitaker', 'Hana Sato'] },
  { name: 'Harbor Point Properties', mlsId: 'DEMO-O02', agents: ['Marcus Reed', 'Elena Petrova'] },
  { name: 'Summit Ridge Homes', mlsId: 'DEMO-O03', agents: ['Olivia Grant', 'Samuel Okafor', 'Rita Moreno'] },
  { name: 'Blue Heron Real Estate', mlsId: 'DEMO-O04', agents: ['Daniel Kim', 'Grace Holloway'] },
  { name: 'Keystone Brokers', mlsId: 'DEMO-O05', agents: ['Victor Alvarez', 'Priya Raman', 'Tom Lindqvist'] },
  { name: 'Prairie Lane Realty', mlsId: 'DEMO-O06', agents: ['Megan Walsh', 'Luis Ortega'] },
  { name: 'Lakeshore Partners', mlsId: 'DEMO-O07', agents: ['Aisha Bello', 'Chris Novak'] },
  { name: 'Old Town Property Group', mlsId: 'DEMO-O08', agents: ['Frank DeLuca', 'Yuki Tanaka', 'Joy Mensah'] },
];

/** One generated listing in this many is Jane's, as many Alex's (about 25 of each in the demo). */
const DEMO_AGENT_ONE_IN = 400;
/** Of the demo agents' listings, one in this many is not shown publicly (InternetEntireListingDisplayYN false). */
const HIDDEN_ONE_IN = 4;

export type DemoAttribution = Pick<
  ResoRecord,
  'ListOfficeName' | 'ListOfficeMlsId' | 'ListAgentFullName' | 'ListAgentMlsId' | 'InternetEntireListingDisplayYN'
>;

/** The listing office and agent of a demo listing, chosen from its ListingKey (same key, same attribution). */
export function demoAttribution(listingKey: string): DemoAttribution {
  const h = hashString(`office ${listingKey}`);
  const office = OFFICES[h % OFFICES.length]!;
  const agent = Math.floor(h / OFFICES.length) % office.agents.length;
  return {
    ListOfficeName: office.name,
    ListOfficeMlsId: office.mlsId,
    ListAgentFullName: office.agents[agent]!,
    ListAgentMlsId: `${office.mlsId}-A${agent + 1}`,
  };
}

/**
 * The demo seed's generated listings: a few are the demo agents' own, in the demo broker's
 * office, and of those a few the MLS does not let be shown publicly, found only in the agents'
 * dashboards ("My listings"). Only the seed's own listings: tests and benchmarks that generate
 * listings want every one of them public.
 */
export function demoAgentListing(listingKey: string): DemoAttribution | null {
  const h = hashString(`agent ${listingKey}`);
  const slot = h % DEMO_AGENT_ONE_IN;
  if (slot > 1) return null;
  const [name, mlsId] = slot === 0 ? ['Jane Agent', DEMO_AGENT_MLS_IDS.agent] : ['Alex Agent', DEMO_AGENT_MLS_IDS.agent2];
  return {
    ListOfficeName: DEMO_OFFICE.name,
    ListOfficeMlsId: DEMO_OFFICE.mlsId,
    ListAgentFullName: name,
    ListAgentMlsId: mlsId,
    ...(Math.floor(h / DEMO_AGENT_ONE_IN) % HIDDEN_ONE_IN === 0 ? { InternetEntireListingDisplayYN: false } : {}),
  };
}
