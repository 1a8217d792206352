import { randomUUID } from 'node:crypto';
import { type CommandContext, metadataOf } from '../../../commands/command-context';
import { decideAndAppend } from '../../../commands/decide-and-append';
import type { AppendResult, EventStore, StreamAppend } from '../../../eventstore/event-store.port';
import { type ConcurrencyError, conflict } from '../../../shared/errors';
import type { Event, NewEvent } from '../../../shared/event';
import { initialAccount, userStream } from '../account';
import type { AccountEvent, ClaimEvent } from '../accounts.events';
import { emailClaimStream, socialClaimStream } from '../claims';
import { decideRegisterUser, type RegisterUser } from './register-user.decide';

export const toNewEvents = (events: readonly Event[], ctx: CommandContext): NewEvent[] =>
  events.map((e) => ({ ...e, eventId: randomUUID(), metadata: metadataOf(ctx) }));

/**
 * The appends that create an account: the user's stream and the claims on its address (and
 * social subject), all with 'no_stream'. `extra` are more events for the new user's stream (a
 * sign-in) decided by the caller; callers may add streams of their own (a lead) before the one
 * atomic append.
 */
export function registrationAppends(input: RegisterUser, ctx: CommandContext, extra: readonly AccountEvent[] = []): StreamAppend[] {
  const events = [...decideRegisterUser(input, initialAccount()), ...extra];
  const claims: StreamAppend[] = [
    {
      streamId: emailClaimStream(input.email),
      expected: 'no_stream',
      events: toNewEvents([claim({ type: 'EmailClaimed', data: { userId: input.userId } })], ctx),
    },
  ];
  if (input.social) {
    const e = claim({ type: 'SocialIdentityClaimed', data: { userId: input.userId, provider: input.social.provider } });
    claims.push({ streamId: socialClaimStream(input.social.provider, input.social.subject), expected: 'no_stream', events: toNewEvents([e], ctx) });
  }
  return [{ streamId: userStream(input.userId), expected: 'no_stream', events: toNewEvents(events, ctx) }, ...claims];
}

const claim = (e: ClaimEvent): ClaimEvent => e;

/** One atomic append; a lost claim is the user-facing conflict it stands for. */
export async function appendAtomically(store: EventStore, appends: readonly StreamAppend[]): Promise<readonly AppendResult[]> {
  const { appended } = await decideAndAppend(store, async () => ({ appends, result: undefined }), { lostRace: claimLost });
  return appended;
}

const claimLost = (err: ConcurrencyError): Error | undefined => {
  if (err.streamId.startsWith('email-')) return conflict('Email already in use');
  if (err.streamId.startsWith('social-')) return conflict('This social account is already linked to another account');
  // Appends fixed before the write are the same on a second try: the race is answered as it is.
  return err;
};
