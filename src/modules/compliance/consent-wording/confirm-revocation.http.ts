import { Controller, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import { metadataOf } from '../../../commands/command-context';
import { decideAndAppend } from '../../../commands/decide-and-append';
import { commandContextOf } from '../../../commands/request-context';
import { fold } from '../../../commands/decider';
import { contract } from '../../../contract/routes';
import { EventStore } from '../../../eventstore/event-store.port';
import { Route } from '../../../http/contract/route.decorator';
import { newId } from '../../../shared/ids';
import { decideUpdateAccount, loadAccount, userStream } from '../../accounts';
import { leadInScope } from '../../leads';
import { type ComplianceEvent, complianceStream } from '../compliance.events';
import { confirmRevocationDecider, decideConfirmRevocation } from './confirm-revocation.decide';

/**
 * One click from the lead page: the agent reads the lead's unclear message as a revocation. The
 * answer and the ledger's change are written together, on the lead's compliance stream and the
 * account's, so neither stands without the other.
 */
@Controller()
export class ConfirmRevocationController {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  @Route(contract.compliance.confirmRevocation)
  async confirm(@Param('leadId') leadId: string, @Req() req: Request) {
    const { viewer, lead } = await leadInScope(this.store, req, leadId);
    const ctx = commandContextOf(req);
    const { result } = await decideAndAppend(this.store, async () => {
      const questions = await this.store.readStream(complianceStream(lead.leadId));
      const state = fold(confirmRevocationDecider, questions as unknown as ComplianceEvent[]);
      const answered = decideConfirmRevocation({ leadId: lead.leadId, byUserId: viewer.userId }, state);
      const { channel, messageId } = answered[0]!.data;
      const { account, revision } = await loadAccount(this.store, lead.userId);
      const source = {
        how: channel === 'text' ? 'text-reply' : 'email-reply',
        from: `the lead's reply (message ${messageId}), confirmed as a revocation by their agent`,
        at: ctx.now.toISOString(),
      } as const;
      const ledger = decideUpdateAccount({ userId: lead.userId, consent: { [channel]: false }, source }, account);
      const metadata = metadataOf(ctx);
      return {
        appends: [
          {
            streamId: complianceStream(lead.leadId),
            expected: questions.at(-1)?.streamPosition ?? ('no_stream' as const),
            events: answered.map((e) => ({ ...e, eventId: newId(), metadata })),
          },
          ...(ledger.length
            ? [
                {
                  streamId: userStream(lead.userId),
                  expected: revision ?? ('no_stream' as const),
                  events: ledger.map((e) => ({ ...e, eventId: newId(), metadata })),
                },
              ]
            : []),
        ],
        result: channel,
      };
    });
    return { isSuccess: true as const, channel: result };
  }
}
