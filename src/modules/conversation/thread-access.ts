import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DB_POOL } from '../../runtime/tokens';
import { type ChannelState, isPlaceholderEmail } from '../../contract/thread';
import { EventStore } from '../../eventstore/event-store.port';
import { notFound } from '../../shared/errors';
import { findLead } from '../../../projections/lead-feed';
import { loadAccount } from '../accounts';
import { chatAnswererOf, isLeadId, type Lead, loadLead } from '../leads';
import { EMAIL_UNSUBSCRIBED } from './send-lead-email/lead-email.decide';
import { mayView, type Viewer } from '../../shared/viewer/viewer';
import { textEligibility } from '../messaging';
import { type ChannelFacts, channelStates } from './send-thread-message/channels';

export type WorkedLead = { readonly lead: Extract<Lead, { exists: true }>; readonly facts: ChannelFacts };

/**
 * Who may do what in a lead's thread, from the write side (strongly consistent): a lead the
 * viewer cannot even read is 404; one they read but may not work (an office's pond lead for an
 * agent) has every channel refused with the reason.
 */
@Injectable()
export class ThreadAccess {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DB_POOL) private readonly pool: pg.Pool,
  ) {}

  /** The lead and what decides its channels. */
  async lead(viewer: Viewer, leadId: string): Promise<WorkedLead> {
    if (!isLeadId(leadId)) throw notFound();
    const { lead } = await loadLead(this.store, leadId);
    if (!lead.exists) throw notFound();
    const mayWork = mayView(viewer, lead);
    if (!mayWork && !(await findLead(this.pool, viewer, leadId))) throw notFound();
    const { account } = await loadAccount(this.store, lead.userId);
    const facts: ChannelFacts = {
      mayWork,
      inPond: lead.inPond,
      isAgent: chatAnswererOf(lead) === viewer.userId,
      text: textEligibility(account),
      hasEmail: !isPlaceholderEmail(lead.email),
      // E-mail consent from the ledger, as the e-mail itself checks it (sending refuses the same way).
      email: account.exists && !account.consent.email ? EMAIL_UNSUBSCRIBED : null,
    };
    return { lead, facts };
  }

  /** The composer's channels, each with why it is not available. */
  async channels(viewer: Viewer, leadId: string): Promise<readonly ChannelState[]> {
    const { facts } = await this.lead(viewer, leadId);
    return channelStates(facts);
  }
}
