import { describe, expect, it } from 'vitest';
import { notificationFor, WORDED } from './web-push.reactor';

const item = (over: Record<string, unknown>) => ({
  id: 'i1',
  channel: 'text',
  direction: 'in',
  body: 'Yes saturday works',
  at: '2026-11-23T10:00:00.000Z',
  authorId: 'U',
  ...over,
});

describe('what a thread item becomes as a web push', () => {
  it("a text, MMS or e-mail from the lead tells the lead's agent, opening the conversation", () => {
    expect(notificationFor('thread.item', { leadId: 'L1', agentId: 'A1', item: item({}) }, 'office')).toEqual({
      title: 'New text from a lead',
      body: 'Yes saturday works',
      url: '/dashboard?lead=L1&chat=1',
      tag: 'thread-L1',
    });
    expect(notificationFor('thread.item', { leadId: 'L1', agentId: 'A1', item: item({ channel: 'mms', body: '' }) }, 'office')?.body).toBe('A picture');
    expect(notificationFor('thread.item', { leadId: 'L1', agentId: 'A1', item: item({ channel: 'email' }) }, 'office')?.title).toBe('New e-mail from a lead');
    expect(notificationFor('thread.item', { leadId: 'L1', agentId: 'A1', item: item({ body: 'x'.repeat(200) }) }, 'office')?.body).toHaveLength(120);
  });

  it('nothing for what the agent sent, for chat (chat.message has its own), or for a pond lead (no agent)', () => {
    expect(notificationFor('thread.item', { leadId: 'L1', agentId: 'A1', item: item({ direction: 'out' }) }, 'office')).toBeNull();
    expect(notificationFor('thread.item', { leadId: 'L1', agentId: 'A1', item: item({ channel: 'chat' }) }, 'office')).toBeNull();
    expect(notificationFor('thread.item', { leadId: 'L1', agentId: null, item: item({}) }, 'office')).toBeNull();
    // The thread is the office's: a lead is never told of it by push.
    expect(notificationFor('thread.item', { leadId: 'L1', agentId: 'A1', item: item({}) }, 'lead')).toBeNull();
  });
});

describe('what a text the carrier could not deliver becomes as a web push', () => {
  it("tells the lead's agent, with the carrier's reason in words; nothing while it is on its way", () => {
    const out = (deliveryState: string, errorCode: number | null) => item({ id: 'i9', direction: 'out', deliveryState, errorCode });
    expect(notificationFor('thread.item', { leadId: 'L1', agentId: 'A1', item: out('undelivered', 30006) }, 'office')).toEqual({
      title: 'A text was not delivered',
      body: 'The number is a landline or cannot receive texts.',
      url: '/dashboard?lead=L1&chat=1',
      tag: 'delivery-i9',
    });
    expect(notificationFor('thread.item', { leadId: 'L1', agentId: 'A1', item: out('sent', null) }, 'office')).toBeNull();
    expect(notificationFor('thread.item', { leadId: 'L1', agentId: 'A1', item: out('failed', 30006) }, 'lead')).toBeNull();
  });
});

describe('what a behaviour alert becomes as a web push', () => {
  it("tells the office (the lead's agent) what the lead did, opening the lead; the same alert again replaces it (its id); never a lead", () => {
    const alert = {
      alertId: 'a1',
      leadId: 'L1',
      leadName: 'Rita Replier',
      kind: 'favourited',
      reason: 'Saved a home as a favourite',
      agentId: 'A1',
      at: '2026-11-24T05:00:00.000Z',
    };
    expect(notificationFor('lead.behaviour', alert, 'office')).toEqual({
      title: 'Lead alert: Rita Replier',
      body: 'Saved a home as a favourite',
      url: '/dashboard?lead=L1',
      tag: 'behaviour-a1',
      id: 'a1',
    });
    expect(notificationFor('lead.behaviour', { ...alert, leadName: '' }, 'office')?.title).toBe('Lead alert: a lead');
    expect(notificationFor('lead.behaviour', alert, 'lead')).toBeNull();
  });
});

describe('what a CMA request from the homeowner digest becomes as a web push', () => {
  it("tells the lead's office at once, opening the lead; other lead activity and the lead's own devices hear nothing", () => {
    const payload = { leadId: 'L1', type: 'CmaRequested', eventId: 'E1', summary: 'Asked for a CMA (from the March 2015 home value e-mail)' };
    expect(notificationFor('lead.activity', payload, 'office')).toEqual({
      title: 'A seller asked for a CMA',
      body: 'Asked for a CMA (from the March 2015 home value e-mail)',
      url: '/dashboard?lead=L1',
      tag: 'cma-request-E1',
      id: 'E1',
    });
    expect(notificationFor('lead.activity', payload, 'lead')).toBeNull();
    expect(notificationFor('lead.activity', { ...payload, type: 'ListingViewed' }, 'office')).toBeNull();
  });
});

describe('a notification worded by the reactor that queued it (an instant alert, a cancelled showing)', () => {
  it('is sent as it was worded, whatever the audience', () => {
    const n = { title: 'A lead cancelled a showing', body: 'Rita: 1 Main St', url: '/dashboard?lead=L1', tag: 'showing-S1', id: 'showing-cancel-S1-2' };
    expect(notificationFor(WORDED, n, 'office')).toEqual(n);
    expect(notificationFor(WORDED, n, 'lead')).toEqual(n);
  });
});
