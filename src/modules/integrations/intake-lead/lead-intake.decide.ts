import { createHash } from 'node:crypto';
import type { Decider } from '../../../commands/decider';
import { conflict } from '../../../shared/errors';
import type { LeadIntakeEvent } from '../integrations.events';

/** A claim older than this without its answer is taken to be a crashed attempt, and may be taken over. */
export const CLAIM_STALE_MS = 30_000;
export const INTAKE_IN_PROGRESS = 'The same lead (source and externalId) is being taken in right now';

export type LeadIntake = { readonly claimedAt: string | null; readonly answer: { readonly leadId: string; readonly created: boolean } | null };
export type IntakeKey = { readonly officeId: string; readonly source: string; readonly externalId: string };
export type IntakeCommand = ({ readonly kind: 'claim' } | { readonly kind: 'record'; readonly leadId: string; readonly created: boolean }) &
  IntakeKey & { readonly at: string };

export const initialLeadIntake = (): LeadIntake => ({ claimedAt: null, answer: null });

export function evolveLeadIntake(s: LeadIntake, e: LeadIntakeEvent & { readonly metadata?: { readonly at: string } }): LeadIntake {
  switch (e.type) {
    case 'LeadIntakeClaimed':
      return { ...s, claimedAt: e.metadata?.at ?? new Date(0).toISOString() };
    case 'LeadIntakeRecorded':
      return { ...s, answer: { leadId: e.data.leadId, created: e.data.created } };
  }
}

/** Answered once: a claim or a record after the answer appends nothing; a fresh claim of another attempt is refused. */
export function decideLeadIntake(c: IntakeCommand, s: LeadIntake): LeadIntakeEvent[] {
  if (s.answer) return [];
  const key = { officeId: c.officeId, source: c.source, externalId: c.externalId };
  if (c.kind === 'record') return [{ type: 'LeadIntakeRecorded', data: { ...key, leadId: c.leadId, created: c.created } }];
  if (s.claimedAt && Date.parse(c.at) - Date.parse(s.claimedAt) < CLAIM_STALE_MS) throw conflict(INTAKE_IN_PROGRESS);
  return [{ type: 'LeadIntakeClaimed', data: key }];
}

export const leadIntakeDecider: Decider<LeadIntake, IntakeCommand, LeadIntakeEvent> = {
  initialState: initialLeadIntake,
  evolve: evolveLeadIntake,
  decide: decideLeadIntake,
};

/** One stream per office, source and sender's id (case kept: senders' ids are theirs). */
export const leadIntakeStream = (k: IntakeKey) =>
  `leadintake-${createHash('sha256').update(`${k.officeId}\0${k.source.toLowerCase()}\0${k.externalId}`).digest('hex').slice(0, 40)}`;
