import { Inject, Injectable } from '@nestjs/common';
import { type Schedule, SweptReactor } from '../../../runtime/swept-reactor';
import { MailboxSync } from './mailbox-sync';

/** Mailboxes read per sweep (one after another: each holds an IMAP connection and a pooled one). */
const PER_SWEEP = 10;

/**
 * Reads every connected mailbox whose turn came (MailboxSync): each instance sweeps every 10 s
 * and takes the mailboxes due, skipping one another's (row locks); a healthy mailbox is due every
 * POLL_SECONDS, a failing one when the retry policy says.
 */
@Injectable()
export class MailboxPoller extends SweptReactor {
  constructor(@Inject(MailboxSync) private readonly mailboxes: MailboxSync) {
    super();
  }

  protected schedule(): Schedule {
    return { name: 'mailbox sync', everyMs: 10_000 };
  }

  protected async onSweep(): Promise<number> {
    let synced = 0;
    for (const userId of await this.mailboxes.due(PER_SWEEP)) {
      if (this.sweeper.isStopped) break;
      if ((await this.mailboxes.sync(userId)).state === 'synced') synced++;
    }
    return synced;
  }
}
