import type pg from 'pg';
import type { CommandContext } from '../../../commands/command-context';
import { metadataOf } from '../../../commands/command-context';
import { decideAndAppend } from '../../../commands/decide-and-append';
import type { EventStore } from '../../../eventstore/event-store.port';
import { newId } from '../../../shared/ids';
import { decideUpdateAccount, loadAccount, userStream } from '../../accounts';
import { leadUsersByEmail } from '../../../../projections/lead-feed';

/**
 * A complaint (the lead marked our e-mail as spam) is their word that they want none: e-mail
 * consent goes off on the ledger of every account of a lead with that address, as evidence.
 */
export async function revokeEmailConsentOnComplaint(store: EventStore, pool: pg.Pool, address: string, ctx: CommandContext): Promise<void> {
  for (const userId of await leadUsersByEmail(pool, address)) {
    await decideAndAppend(store, async () => {
      const { account, revision } = await loadAccount(store, userId);
      if (!account.exists) return { appends: [], result: undefined };
      const source = {
        how: 'email-complaint',
        from: "the lead's complaint (marked our e-mail as spam), reported by Mailgun",
        at: ctx.now.toISOString(),
      } as const;
      const ledger = decideUpdateAccount({ userId, consent: { email: false }, source }, account);
      const metadata = metadataOf(ctx);
      return {
        appends: ledger.length
          ? [{ streamId: userStream(userId), expected: revision ?? ('no_stream' as const), events: ledger.map((e) => ({ ...e, eventId: newId(), metadata })) }]
          : [],
        result: undefined,
      };
    });
  }
}
