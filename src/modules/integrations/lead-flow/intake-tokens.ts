import { createHash, createHmac } from 'node:crypto';
import type { CommandContext } from '../../../commands/command-context';
import { decideAndAppend } from '../../../commands/decide-and-append';
import { fold } from '../../../commands/decider';
import type { EventStore } from '../../../eventstore/event-store.port';
import { toNewEvents } from '../../accounts';
import {
  evolveLeadFlow,
  initialLeadFlow,
  type IntakeChannel,
  type IntakeTokenBound,
  intakeTokenStream,
  type LeadFlow,
  type LeadFlowEvent,
  leadFlowStream,
} from './lead-flow.events';

/** 128 bits as lower-case hex: the same in a URL and in an e-mail address (whose local part ignores case). */
const TOKEN = /^[0-9a-f]{32}$/;

/** The token of a generation, derived from the server's secret: the log never holds a usable token. */
export const intakeToken = (secret: Buffer, officeId: string, channel: IntakeChannel, generation: number) =>
  createHmac('sha256', secret).update(`porchlight intake ${channel} ${officeId} ${generation}`).digest('hex').slice(0, 32);

export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 40);

export async function loadLeadFlow(store: EventStore, officeId: string): Promise<{ flow: LeadFlow; revision: bigint | undefined }> {
  const events = await store.readStream(leadFlowStream(officeId));
  return {
    flow: fold({ initialState: initialLeadFlow, evolve: evolveLeadFlow }, events as unknown as LeadFlowEvent[]),
    revision: events.at(-1)?.streamPosition,
  };
}

/**
 * A new generation of the office's token for a channel, with its binding, in one atomic write
 * (the one before is refused from then on). `onlyIfNone`: the first token an office gets when it
 * first opens its lead flow; a second caller at the same moment finds it there and issues none.
 */
export async function issueIntakeToken(
  store: EventStore,
  secret: Buffer,
  officeId: string,
  channel: IntakeChannel,
  byUserId: string,
  ctx: CommandContext,
  onlyIfNone = false,
): Promise<string> {
  const { result } = await decideAndAppend(store, async () => {
    const { flow, revision } = await loadLeadFlow(store, officeId);
    const current = flow.generations[channel];
    if (onlyIfNone && current > 0) return { appends: [], result: intakeToken(secret, officeId, channel, current) };
    const generation = current + 1;
    const token = intakeToken(secret, officeId, channel, generation);
    const tokenHash = tokenHashOf(token);
    const issued: LeadFlowEvent = { type: 'IntakeTokenIssued', data: { officeId, channel, generation, tokenHash, byUserId } };
    const bound: IntakeTokenBound = { type: 'IntakeTokenBound', data: { officeId, channel, generation } };
    return {
      appends: [
        { streamId: leadFlowStream(officeId), expected: revision === undefined ? 'no_stream' : revision, events: toNewEvents([issued], ctx) },
        { streamId: intakeTokenStream(tokenHash), expected: 'no_stream', events: toNewEvents([bound], ctx) },
      ],
      result: token,
    };
  });
  return result;
}

/** The office whose token (of this channel) is in force, or null: unknown, malformed, another channel's, or revoked by a newer one. */
export async function officeOfToken(store: EventStore, token: string, channel: IntakeChannel): Promise<{ officeId: string; flow: LeadFlow } | null> {
  const clean = token.trim().toLowerCase();
  if (!TOKEN.test(clean)) return null;
  const [bound] = (await store.readStream(intakeTokenStream(tokenHashOf(clean)))) as unknown as IntakeTokenBound[];
  if (!bound || bound.data.channel !== channel) return null;
  const { flow } = await loadLeadFlow(store, bound.data.officeId);
  return flow.generations[channel] === bound.data.generation ? { officeId: bound.data.officeId, flow } : null;
}
