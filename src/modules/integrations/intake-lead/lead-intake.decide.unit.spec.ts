import { describe, it } from 'vitest';
import { deciderSpecification } from '../../../../tests/support/decider-specification';
import type { LeadIntakeEvent } from '../integrations.events';
import { CLAIM_STALE_MS, INTAKE_IN_PROGRESS, leadIntakeDecider } from './lead-intake.decide';

const key = { officeId: 'B', source: 'Zillow', externalId: 'z-1' };
const T0 = '2026-03-02T10:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(T0) + ms).toISOString();
const claimed: LeadIntakeEvent & { metadata: { at: string } } = { type: 'LeadIntakeClaimed', data: key, metadata: { at: T0 } } as never;
const recorded: LeadIntakeEvent = { type: 'LeadIntakeRecorded', data: { ...key, leadId: 'L', created: true } };
const { given } = deciderSpecification(leadIntakeDecider);

describe('LeadIntake: one answer per office, source and sender id (given / when / then)', () => {
  it('given nothing, when a delivery claims it, then LeadIntakeClaimed', () => {
    given()
      .when({ kind: 'claim', ...key, at: T0 })
      .then([{ type: 'LeadIntakeClaimed', data: key }]);
  });

  it('given a fresh claim, when a twin claims it, then it is refused (the twin waits for the answer)', () => {
    given(claimed)
      .when({ kind: 'claim', ...key, at: at(CLAIM_STALE_MS - 1) })
      .thenRefused({ code: 'conflict', message: INTAKE_IN_PROGRESS });
  });

  it('given a claim left without an answer (a crash), when a retry comes after the stale time, then it takes over', () => {
    given(claimed)
      .when({ kind: 'claim', ...key, at: at(CLAIM_STALE_MS) })
      .then([{ type: 'LeadIntakeClaimed', data: key }]);
  });

  it('given the answer recorded, when the same delivery comes again, then nothing, and the state holds the first answer', () => {
    given(claimed, recorded)
      .when({ kind: 'claim', ...key, at: at(1) })
      .thenNothing();
    given(claimed, recorded)
      .when({ kind: 'record', ...key, leadId: 'OTHER', created: false, at: at(1) })
      .thenNothing();
    given(claimed)
      .when({ kind: 'record', ...key, leadId: 'L', created: true, at: at(1) })
      .then([recorded]);
  });
});
