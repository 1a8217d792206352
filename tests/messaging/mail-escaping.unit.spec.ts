import { describe, expect, it } from 'vitest';
import { renderAlertEmail } from '../../src/modules/alerts/send-alerts/alert-email';
import { continuePage } from '../../src/modules/alerts/open-alerts/continue-page';
import { renderLeadEmail } from '../../src/modules/conversation/send-lead-email/lead-email-mail';
import { renderListingsEmail } from '../../src/modules/listing-mail/send-listings/listings-email';
import { renderNotice } from '../../src/modules/speed-to-lead/notify-new-lead/new-lead-notice';
import { renderShareEmail } from '../../src/modules/organizer/share-listing/share-mail';
import { exportHtml } from '../../src/modules/privacy/export-person/person-export';
import { cancellationMail, invitationMail, type NoticeContext, proposalMail, reminderMail } from '../../src/modules/showings/notices/showing-mail';
import { renderTaskDigest } from '../../src/modules/tasks/reminders/digest-mail';
import { indexedListing } from '../support/indexed-listing';

/** A lead's name as an attacker would type it. */
const NAME = '<img src=x onerror=alert(1)>';
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt;';
const listing = indexedListing({ address: `12 ${NAME} St` });
const unsubscribe = { email: 'http://demo.example/?unsubscribe_email=t', headers: {} };
const showing: NoticeContext = {
  showing: {
    showingId: 's1',
    leadId: 'l1',
    address: `12 ${NAME} St`,
    timeZone: 'America/Los_Angeles',
    start: '2030-03-05T17:00:00Z',
    end: '2030-03-05T18:00:00Z',
    sequence: 0,
  },
  lead: { name: `${NAME} Lee`, email: 'lead@example.com' },
  agent: { name: `Agent ${NAME}`, email: 'agent@example.com' },
  baseUrl: 'http://demo.example',
  now: new Date('2030-03-01T00:00:00Z'),
};

/** Every kind of HTML the product writes with the html`` template, each holding the lead's name. */
const kinds: Record<string, () => string> = {
  'property alert': () =>
    renderAlertEmail(
      [{ kind: 'new', reason: 'search', detail: {}, listing }],
      { to: 'a@b.test', firstName: NAME, siteName: NAME, baseUrl: 'http://demo.example', unsubscribe: { ...unsubscribe, propertyAlerts: 'http://x' } },
      null,
    ).html!,
  'listings an agent sends': () =>
    renderListingsEmail({
      to: 'a@b.test',
      firstName: NAME,
      agentName: NAME,
      note: `For ${NAME}`,
      listings: [listing],
      links: { pixel: 'http://p', click: () => 'http://c' },
      siteName: 'Demo',
      baseUrl: 'http://demo.example',
      unsubscribe,
    }).html!,
  "an agent's e-mail": () =>
    renderLeadEmail({ to: 'a@b.test', subject: 's', body: `Hi ${NAME},\n- ${NAME}`, replyTo: 'r@b.test', agentName: NAME, siteName: 'Demo', unsubscribe })
      .html!,
  'new-lead notice': () =>
    renderNotice('assigned', { leadId: 'l1', fullName: NAME, leadType: NAME, message: NAME, listing: NAME }, { url: 'http://demo.example' }).html,
  'shared listing': () =>
    renderShareEmail({
      to: 'a@b.test',
      from: { firstName: NAME, email: 'ada@example.com' },
      message: NAME,
      listing,
      siteName: 'Demo',
      baseUrl: 'http://demo.example',
    }).html!,
  'showing proposal': () => proposalMail(showing, 'http://accept').html!,
  'showing invitation': () => invitationMail(showing, false).html!,
  'showing cancellation (agent)': () => cancellationMail(showing, 'agent', false).html!,
  'showing reminder': () => reminderMail(showing).html!,
  'task digest': () =>
    renderTaskDigest({
      to: 'a@b.test',
      firstName: NAME,
      localDate: '2030-03-05',
      timeZone: 'America/New_York',
      overdue: [],
      today: [
        { taskId: 't1', leadId: 'l1', title: `Call ${NAME}`, type: 'call', dueAt: '2030-03-05T17:30:00Z', done: false, assigneeId: 'a1', leadName: NAME },
      ],
      baseUrl: 'http://demo.example',
    }).html!,
  'personal data export': () =>
    exportHtml({ userId: 'u1', exportedAt: '2030-03-05', sections: { profile: [{ type: NAME, at: '2030-03-05', data: { [NAME]: NAME } }] } }),
};

describe('HTML written with the html`` template', () => {
  it.each(Object.entries(kinds))('%s: the lead’s name arrives as text, never as markup', (_, render) => {
    const out = render();
    expect(out).not.toContain('<img src=x');
    expect(out).toContain(ESCAPED);
  });

  it('the alert link page escapes what it puts in attributes', () => {
    expect(continuePage(`a"${NAME}`, 't').html).toContain(`action="/api/alerts/a&quot;${ESCAPED}/open"`);
  });
});
