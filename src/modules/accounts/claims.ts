import { createHash } from 'node:crypto';
import type { EventStore } from '../../eventstore/event-store.port';
import type { ClaimEvent, SocialProvider } from './accounts.events';
import { normalizeEmail } from '../../contract/email';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The stream that claims an address; its name holds a hash, not the address. */
export const emailClaimStream = (email: string) => `email-${sha256(normalizeEmail(email))}`;
export const socialClaimStream = (provider: SocialProvider, subject: string) => `social-${provider}-${subject}`;

/** Provider subjects are opaque ids; anything else is refused before it names a stream. */
export const isSafeSubject = (subject: string) => /^[A-Za-z0-9_.-]{1,255}$/.test(subject);

async function claimedBy(store: EventStore, stream: string): Promise<string | null> {
  const [first] = await store.readStream(stream, { limit: 1 });
  return first ? (first as unknown as ClaimEvent).data.userId : null;
}

/** The account that owns an address, read from the write side (never stale). */
export const userIdByEmail = (store: EventStore, email: string) => claimedBy(store, emailClaimStream(email));
export const userIdBySocial = (store: EventStore, provider: SocialProvider, subject: string) => claimedBy(store, socialClaimStream(provider, subject));

/** The accounts that own these addresses, in one read (a batch import): address → user id; unclaimed addresses are absent. */
export async function userIdsByEmail(store: EventStore, emails: readonly string[]): Promise<Map<string, string>> {
  const streamOf = new Map(emails.map((e) => [emailClaimStream(e), e]));
  const read = await store.readStreams([...streamOf.keys()]);
  const owners = new Map<string, string>();
  for (const [stream, events] of read) {
    const first = events[0] as unknown as ClaimEvent | undefined;
    if (first) owners.set(streamOf.get(stream)!, first.data.userId);
  }
  return owners;
}
