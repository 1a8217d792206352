import type { Decider } from '../../../commands/decider';
import { conflict } from '../../../shared/errors';
import type { ComplianceEvent, ConsentRevocationConfirmed, ConsentWordingUnclear } from '../compliance.events';

/** The lead's unclear messages the agent has not answered yet, oldest first. */
export type OpenQuestions = { readonly open: readonly ConsentWordingUnclear['data'][] };

export type ConfirmRevocation = { readonly leadId: string; readonly byUserId: string };

export const NOTHING_TO_CONFIRM = 'This lead has no message about being contacted left to confirm.';

export function evolveOpenQuestions(state: OpenQuestions, e: ComplianceEvent): OpenQuestions {
  if (e.type === 'ConsentWordingUnclear') return { open: [...state.open.filter((q) => q.channel !== e.data.channel), e.data] };
  if (e.type === 'ConsentRevocationConfirmed') return { open: state.open.filter((q) => q.channel !== e.data.channel) };
  return state;
}

/** One click answers the newest open question: its channel is revoked by the agent's reading. */
export function decideConfirmRevocation(c: ConfirmRevocation, state: OpenQuestions): ConsentRevocationConfirmed[] {
  const q = state.open.at(-1);
  if (!q) throw conflict(NOTHING_TO_CONFIRM);
  return [
    { type: 'ConsentRevocationConfirmed', data: { userId: q.userId, leadId: c.leadId, messageId: q.messageId, channel: q.channel, byUserId: c.byUserId } },
  ];
}

export const confirmRevocationDecider: Decider<OpenQuestions, ConfirmRevocation, ComplianceEvent> = {
  initialState: () => ({ open: [] }),
  evolve: evolveOpenQuestions,
  decide: decideConfirmRevocation,
};
