import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { metadataOf, systemContext } from '../../commands/command-context';
import { recordOnce } from '../../commands/decide-and-append';
import type { EventStore } from '../../eventstore/event-store.port';
import { newId } from '../../shared/ids';
import { hasAnyAccount } from './first-run';

const LINK_STREAM = 'first-run-link';

const hashOf = (token: string) => createHash('sha256').update(token).digest();

/**
 * A one-time setup link's token: random, stored only as its hash (the log line that shows it
 * is the only place it exists). Every start before the first account issues one; each stays
 * good until an account exists, so that any instance of a cluster can answer it.
 */
export async function issueSetupToken(store: EventStore): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await recordOnce(store, LINK_STREAM, [
    { type: 'SetupLinkIssued', data: { tokenHash: hashOf(token).toString('hex') }, eventId: newId(), metadata: metadataOf(systemContext()) },
  ]);
  return token;
}

/** Whether `token` opens the first run: one of the issued tokens, while no account exists. */
export async function setupTokenValid(store: EventStore, token: string): Promise<boolean> {
  if (!token || token.length > 100 || (await hasAnyAccount(store))) return false;
  const given = hashOf(token);
  const issued = await store.readStream(LINK_STREAM);
  return issued.some((e) => timingSafeEqual(Buffer.from(String((e.data as { tokenHash: string }).tokenHash), 'hex'), given));
}

/** Whether the setup page may be served at all: before the first account, with a link issued. */
export async function setupOpen(store: EventStore): Promise<boolean> {
  return (await store.streamRevision(LINK_STREAM)) !== undefined && !(await hasAnyAccount(store));
}
