import { describe, expect, it } from 'vitest';
import type { NoticeLead } from './new-lead-notice';
import { type NoticeEvent, type NoticeFacts, noticeId, planNotices, type Recipient } from './notice-plan';

const lead: NoticeLead = { leadId: 'L1', fullName: 'Ada Lovelace', leadType: 'Buyer', message: 'Hello', listing: null };
const person = (userId: string, o: Partial<Recipient> = {}): Recipient => ({
  userId,
  fullName: `${userId} Person`,
  email: `${userId.toLowerCase()}@example.com`,
  cellPhone: null,
  consent: { text: true },
  ...o,
});
const people = new Map([
  ['A1', person('A1', { cellPhone: '2065550101' })],
  ['A2', person('A2', { cellPhone: '2065550102', consent: { text: false } })],
  ['A3', person('A3')],
  ['B', person('B', { cellPhone: '2065550199' })],
]);
const assigned: NoticeEvent = { type: 'LeadAssigned', data: { leadId: 'L1', siteId: 's', agentId: 'A1', officeId: 'B', rule: 'round-robin', ruleVersion: 1 } };
const facts = (event: NoticeEvent, o: Partial<NoticeFacts> = {}): NoticeFacts => ({
  eventId: 'E1',
  event,
  lead,
  copyBroker: false,
  activeAgents: [],
  people,
  baseUrl: 'https://crm.example',
  ...o,
});
const who = (f: NoticeFacts) => planNotices(f).map((n) => `${n.recipientId}:${n.channel}`);

describe('who is told about a lead, on which channels', () => {
  it('an assigned lead: its agent by e-mail and, with a cell phone and consent, by text; ids from the event, the person and the channel', () => {
    const notices = planNotices(facts(assigned));
    expect(notices.map((n) => [n.recipientId, n.channel, n.to])).toEqual([
      ['A1', 'email', 'a1@example.com'],
      ['A1', 'sms', '2065550101'],
    ]);
    expect(notices[0]!.noticeId).toBe(noticeId('E1', 'A1', 'email'));
    expect(new Set(notices.map((n) => n.noticeId)).size).toBe(2);
    expect(planNotices(facts(assigned)).map((n) => n.noticeId)).toEqual(notices.map((n) => n.noticeId));
  });

  it('no text without consent, none without a cell phone', () => {
    expect(who(facts({ ...assigned, data: { ...assigned.data, agentId: 'A2' } }))).toEqual(['A2:email']);
    expect(who(facts({ ...assigned, data: { ...assigned.data, agentId: 'A3' } }))).toEqual(['A3:email']);
  });

  it("the broker's copy when the office wants it, naming the agent; never to a broker who is the agent, nor of a reassignment the broker made", () => {
    const notices = planNotices(facts(assigned, { copyBroker: true }));
    expect(notices.map((n) => `${n.recipientId}:${n.channel}`)).toEqual(['A1:email', 'A1:sms', 'B:email', 'B:sms']);
    expect(notices[2]!.subject).toBe('New lead for A1 Person: Ada Lovelace (Buyer)');
    expect(who(facts({ ...assigned, data: { ...assigned.data, agentId: 'B', rule: 'owner-fallback' } }, { copyBroker: true }))).toEqual(['B:email', 'B:sms']);
    const byBroker: NoticeEvent = {
      type: 'LeadReassigned',
      data: { leadId: 'L1', siteId: 's', fromAgentId: 'A3', agentId: 'A1', officeId: 'B', byUserId: 'B' },
    };
    expect(who(facts(byBroker, { copyBroker: true }))).toEqual(['A1:email', 'A1:sms']);
    const byStaff: NoticeEvent = { ...byBroker, data: { ...byBroker.data, byUserId: 'S' } };
    expect(who(facts(byStaff, { copyBroker: true }))).toEqual(['A1:email', 'A1:sms', 'B:email', 'B:sms']);
    const claimed: NoticeEvent = { type: 'LeadClaimed', data: { leadId: 'L1', siteId: 's', agentId: 'A3', officeId: 'B' } };
    expect(who(facts(claimed))).toEqual(['A3:email']);
  });

  it('a pond lead: every active agent of the office, by e-mail, text where allowed and web push; the broker too when copied', () => {
    const pond: NoticeEvent = { type: 'LeadPutInPond', data: { leadId: 'L1', siteId: 's', officeId: 'B', fromAgentId: 'A1', reason: 'not-contacted' } };
    expect(who(facts(pond, { activeAgents: ['A1', 'A2', 'A3'] }))).toEqual(['A1:email', 'A1:sms', 'A1:push', 'A2:email', 'A2:push', 'A3:email', 'A3:push']);
    expect(who(facts(pond, { activeAgents: ['A3'], copyBroker: true }))).toEqual(['A3:email', 'A3:push', 'B:email', 'B:sms', 'B:push']);
    const push = planNotices(facts(pond, { activeAgents: ['A3'] })).find((n) => n.channel === 'push')!;
    expect(push).toMatchObject({ to: 'A3', subject: 'Lead in the pond', url: '/dashboard?lead=L1' });
  });

  it('someone without an account (gone) is told nothing', () => {
    expect(who(facts({ ...assigned, data: { ...assigned.data, agentId: 'X' } }))).toEqual([]);
  });
});
