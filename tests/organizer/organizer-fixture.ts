import { systemContext } from '../../src/commands/command-context';
import type { Started } from '../../src/main';
import { SecretKey, signEmailVerificationToken } from '../../src/modules/accounts';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { WebClient } from '../support/web-client';

export { home } from '../support/reso-home';

const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));

export const importHomes = (server: Started, records: readonly unknown[], at = new Date()) =>
  importListings(server.runtime.store, items(records), { mls: 'T', ctx: systemContext(at) });

/** A visitor who registers through an inquiry: a signed-in level-5 lead of the site. */
export async function signedUpLead(server: Started, email: string, host = 'demo.localhost'): Promise<WebClient> {
  const client = WebClient.for(server.url, host);
  const res = await client.post('/api/account/inquiry', {
    FullName: 'Ada Lovelace',
    Email: email,
    Phone: '206-555-0100',
    Message: 'Hello',
    LeadType: 'Buyer',
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

/**
 * A signed-up lead who confirmed their e-mail address (what sharing needs), through the
 * confirmation route with the token the e-mailed link would carry.
 */
export async function verifiedLead(server: Started, email: string, host = 'demo.localhost'): Promise<WebClient> {
  const client = await signedUpLead(server, email, host);
  const userId = (await client.get('/api/account/me')).body.userDID as string;
  const token = signEmailVerificationToken(await server.app.get(SecretKey).get(), userId, email.toLowerCase(), new Date());
  const res = await client.post('/api/account/verifyemail', { token });
  if (res.status !== 200) throw new Error(`confirming the address failed: ${res.status} ${JSON.stringify(res.body)}`);
  return client;
}

/** Polls `check` until it holds (about 20 s at most). */
export async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 800; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Until every queued listing change is matched and no instant alert is left pending: then mail counts are final. */
export async function alertsSettled(server: Started): Promise<void> {
  for (let i = 0; i < 600; i++) {
    await server.runtime.runner.waitForCatchUp();
    const { rows } = await server.runtime.db.pool.query(
      `SELECT (SELECT count(*) FROM alert_changes WHERE matched_at IS NULL)::int AS changes,
              (SELECT count(*) FROM alert_outbox WHERE state = 'pending' AND frequency = 'instant')::int AS pending`,
    );
    if (rows[0].changes === 0 && rows[0].pending === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('alerts did not settle');
}

/** A square polygon in the spec's format ('lat lng' pairs, first point repeated). */
export const square = (lat: number, lng: number, half: number): string => {
  const pts = [
    [lat - half, lng - half],
    [lat - half, lng + half],
    [lat + half, lng + half],
    [lat + half, lng - half],
  ].map(([a, b]) => `${a!.toFixed(6)} ${b!.toFixed(6)}`);
  return [...pts, pts[0]].join(', ');
};
