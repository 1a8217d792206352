import { expect } from 'vitest';
import { WebClient } from './web-client';

/** A Ballard home among the demo's King County sales, as /sell sends what the owner gave. */
export const BALLARD_HOME = { latitude: 47.6755, longitude: -122.3862, beds: 3, baths: 2, livingArea: 1800 };

export interface SellerForm {
  readonly FullName: string;
  readonly Email: string;
  readonly Phone: string;
  /** A street address on NW 65th St, beside BALLARD_HOME. */
  readonly address: string;
}

/** What /sell sends on Jane's site for a homeowner who asks for the monthly digest: the visitor and the new lead. */
export async function sendSellerLead(serverUrl: string, form: SellerForm): Promise<{ visitor: WebClient; leadId: string }> {
  const visitor = WebClient.for(serverUrl, 'jane.localhost');
  const { address, ...person } = form;
  const sent = await visitor.post('/api/valuation/seller-lead', { ...person, Home: { address, value: BALLARD_HOME, digest: true } });
  expect(sent.status, sent.text).toBe(200);
  return { visitor, leadId: sent.body.leadId as string };
}
