import { describe, expect, it } from 'vitest';
import type { LeadEvent } from '../../src/modules/leads/leads.events';
import { captured } from '../../tests/support/lead-events';
import { type GivenEvent, projectionSpecification, specId } from '../../tests/support/projection-specification';
import { lastChannel, leadsByPhone, leadThreadProjection, threadPage, unreadByLead, unreadOf } from './index';

const LEAD = specId(1);
const LEAD_USER = specId(2);
const AGENT = specId(3);
const BROKER = specId(4);
const SITE = specId(5);
const item = (n: number) => specId(100 + n);
const lead: readonly LeadEvent[] = [
  captured({ leadId: LEAD, userId: LEAD_USER, siteId: SITE, phone: '(206) 555-0100' }),
  { type: 'LeadAssigned', data: { leadId: LEAD, siteId: SITE, agentId: AGENT, officeId: BROKER, rule: 'round-robin', ruleVersion: 1 } },
];
const texted = (n: number, body: string): GivenEvent => ({
  type: 'TextMessageReceived',
  data: { leadId: LEAD, siteId: SITE, messageId: item(n), from: '+12065550100', body, media: [], providerId: `SM${n}` },
});
const emailed = (n: number, subject: string): GivenEvent => ({
  type: 'LeadEmailSent',
  data: { leadId: LEAD, siteId: SITE, messageId: item(n), byUserId: AGENT, subject, body: 'Three homes for you', templateId: null },
});
const called = (n: number): GivenEvent => ({
  type: 'CallLogged',
  data: { leadId: LEAD, siteId: SITE, callId: item(n), byUserId: AGENT, outcome: 'left-voicemail', durationSeconds: null, notes: 'Left a message' },
});

describe('lead thread read model', () => {
  const spec = projectionSpecification(leadThreadProjection);

  it("given a lead, when it texts, the agent e-mails and logs a call, then the thread holds them in order and the agent's and broker's pages hear of each", () =>
    spec
      .given(...lead)
      .when(texted(1, 'Still available?'), emailed(2, 'Homes for you'), called(3))
      .then(async ({ pool, pushes }) => {
        const page = await threadPage(pool, LEAD, null, 10);
        expect(page.items.map((i) => [i.channel, i.direction, i.body])).toEqual([
          ['text', 'in', 'Still available?'],
          ['email', 'out', 'Three homes for you'],
          ['call', 'out', 'Left a message'],
        ]);
        expect(page.hasMore).toBe(false);
        expect(await lastChannel(pool, LEAD)).toBe('email');
        expect(pushes.map((p) => [p.name, p.to])).toEqual(Array(3).fill(['thread.item', [`user:${AGENT}`, `user:${BROKER}`, 'staff']]));
      }));

  it('given two texts from the lead, when the agent reads up to the first, then one is unread; a read mark never moves back', () =>
    spec
      .given(...lead, texted(1, 'Hi'), texted(2, 'Hello?'))
      .when(
        { type: 'LeadThreadRead', data: { leadId: LEAD, siteId: SITE, readerId: AGENT, upToItemId: item(2), upToAt: '2026-03-02T15:04:00.000Z' } },
        { type: 'LeadThreadRead', data: { leadId: LEAD, siteId: SITE, readerId: AGENT, upToItemId: item(1), upToAt: '2026-03-02T15:03:00.000Z' } },
      )
      .then(async ({ pool, pushes }) => {
        expect(await unreadOf(pool, LEAD, AGENT)).toBe(0);
        expect(await unreadByLead(pool, AGENT)).toEqual(new Map());
        expect(pushes).toHaveLength(1);
      }));

  it('given unread texts, then they count for the agent who holds the lead', () =>
    spec.given(...lead, texted(1, 'Hi'), texted(2, 'Hello?')).then(async ({ pool }) => expect(await unreadByLead(pool, AGENT)).toEqual(new Map([[LEAD, 2]]))));

  it("given a lead with a phone, then a text from that number finds it on its site's number, and not on another site's", () =>
    spec.given(...lead).then(async ({ pool }) => {
      expect(await leadsByPhone(pool, '2065550100', [], { only: [SITE] })).toEqual([{ leadId: LEAD, siteId: SITE, userId: LEAD_USER }]);
      expect(await leadsByPhone(pool, '2065550100', [], { only: [specId(9)] })).toEqual([]);
      expect(await leadsByPhone(pool, '2065550100', [], { except: [SITE] })).toEqual([]);
    }));
});
