import { describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../src/modules/conversation/chat.events';
import { DEFAULT_STAGES, type OfficeEvent } from '../../src/modules/office/office.events';
import { type LeadEvent } from '../../src/modules/leads/leads.events';
import { captured } from '../../tests/support/lead-events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { FIRST_CONTACT_SIGNAL, leadPipelineProjection, pendingFirstContacts, pendingStageMoves, STAGE_MOVES_SIGNAL } from './index';

const BROKER = specId(1);
const AGENT = specId(2);
const LEAD_USER = specId(3);
const SITE = specId(4);
const lead = (n: number) => specId(10 + n);
const capturedLead = (n: number): LeadEvent => captured({ leadId: lead(n), userId: LEAD_USER, siteId: SITE });
const assigned = (n: number): LeadEvent => ({
  type: 'LeadAssigned',
  data: { leadId: lead(n), siteId: SITE, agentId: AGENT, officeId: BROKER, rule: 'round-robin', ruleVersion: 1 },
});
const chat = (n: number, fromUserId: string): ChatEvent => ({
  type: 'ChatMessageSent',
  data: {
    chatId: lead(n),
    leadId: lead(n),
    siteId: SITE,
    messageId: specId(100 + n),
    fromUserId,
    toUserId: fromUserId === AGENT ? LEAD_USER : AGENT,
    text: 'Hi',
  },
});

describe('lead pipeline read model (the pipeline reactors’ work)', () => {
  const spec = projectionSpecification(leadPipelineProjection);

  it("given a new lead, when the lead chats first and then the agent answers and calls, then the agent's answer is the first contact waiting to be recorded", () =>
    spec
      .given(capturedLead(1), assigned(1))
      .when(chat(1, LEAD_USER), chat(1, AGENT), {
        type: 'CallLogged',
        data: { leadId: lead(1), siteId: SITE, callId: specId(200), byUserId: AGENT, outcome: 'connected', durationSeconds: 60, notes: '' },
      })
      .then(async ({ pool, signals }) => {
        expect(await pendingFirstContacts(pool, 10)).toMatchObject([{ leadId: lead(1), via: 'chat', byUserId: AGENT, at: '2026-03-02T15:04:00.000Z' }]);
        expect(signals).toEqual([{ signal: FIRST_CONTACT_SIGNAL, payload: { count: 1 } }]);
      }));

  it('given a first contact waiting, when it is recorded, then nothing waits', () =>
    spec
      .given(capturedLead(1), assigned(1), chat(1, AGENT))
      .when({ type: 'LeadFirstContacted', data: { leadId: lead(1), siteId: SITE, byUserId: AGENT, via: 'chat', at: '2026-03-02T15:03:00.000Z' } })
      .then(async ({ pool }) => expect(await pendingFirstContacts(pool, 10)).toEqual([])));

  it("given leads in the office's stages, when the broker renames one stage and removes another, then those leads wait to be moved and the stage mover is woken", () => {
    const stages = DEFAULT_STAGES.filter((s) => s !== 'Nurture').map((s) => (s === 'Active' ? 'Working' : s));
    const pipeline: OfficeEvent = {
      type: 'OfficeSettingsChanged',
      data: {
        officeId: BROKER,
        changes: { stages },
        stageMoves: [
          { from: 'Active', to: 'Working' },
          { from: 'Nurture', to: 'Lost' },
        ],
      },
    };
    const staged = (n: number, stage: string): LeadEvent => ({
      type: 'LeadStageChanged',
      data: { leadId: lead(n), siteId: SITE, stage, fromStage: 'New', byUserId: AGENT },
    });
    return spec
      .given(capturedLead(1), assigned(1), staged(1, 'Active'), capturedLead(2), assigned(2), staged(2, 'Nurture'), capturedLead(3), assigned(3))
      .when(pipeline)
      .then(async ({ pool, rows, signals }) => {
        expect(await pendingStageMoves(pool, 10)).toEqual([
          { leadId: lead(1), officeId: BROKER },
          { leadId: lead(2), officeId: BROKER },
        ]);
        expect(await rows('SELECT move_to FROM pipeline_leads WHERE move_to IS NOT NULL ORDER BY lead_id')).toEqual([
          { move_to: 'Working' },
          { move_to: 'Lost' },
        ]);
        expect(signals).toEqual([{ signal: STAGE_MOVES_SIGNAL, payload: { count: 2 } }]);
      });
  });
});
