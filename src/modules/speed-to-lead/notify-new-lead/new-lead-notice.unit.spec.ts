import { describe, expect, it } from 'vitest';
import { clip, leadPageUrl, renderNotice, type NoticeLead } from './new-lead-notice';

const lead: NoticeLead = {
  leadId: 'L1',
  fullName: 'Ada <b>Lovelace</b>',
  leadType: 'Buyer',
  message: 'Is it still <script>alert(1)</script> available?\nCall me & soon.',
  listing: '16884 Evergreen Ct, Seattle, WA',
};
const url = leadPageUrl('https://crm.example', 'L1');

describe('the new-lead notice (speed to lead)', () => {
  it("tells the agent the lead's name, type, message, listing and the link to the lead's page, in text", () => {
    const n = renderNotice('assigned', lead, { url });
    expect(url).toBe('https://crm.example/dashboard?lead=L1');
    expect(n.subject).toBe('New lead: Ada <b>Lovelace</b> (Buyer)');
    expect(n.text).toBe(
      [
        'Ada <b>Lovelace</b> (Buyer) is your new lead. Reach out now: the first minutes count.',
        '',
        'Message:',
        'Is it still <script>alert(1)</script> available? Call me & soon.',
        '',
        'Listing: 16884 Evergreen Ct, Seattle, WA',
        '',
        'Open the lead: https://crm.example/dashboard?lead=L1',
      ].join('\n'),
    );
  });

  it('escapes everything the lead wrote in the HTML part: no markup of theirs survives', () => {
    const { html } = renderNotice('assigned', lead, { url });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt; (Buyer)');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Call me &amp; soon.');
    expect(html).toContain('<a href="https://crm.example/dashboard?lead=L1"');
  });

  it('clips a long message (500 characters in e-mail, 100 in a text) and folds line breaks, so a subject can never carry a header', () => {
    const long = { ...lead, fullName: 'Eve\r\nBcc: victim@example.com', message: 'x'.repeat(600) };
    const n = renderNotice('assigned', long, { url });
    expect(n.subject).toBe('New lead: Eve Bcc: victim@example.com (Buyer)');
    expect(n.text).toContain(`${'x'.repeat(499)}…`);
    expect(n.text).not.toContain('x'.repeat(500));
    expect(n.sms).toContain(`"${'x'.repeat(99)}…"`);
    expect(clip('  a \n b  ', 10)).toBe('a b');
  });

  it('a text message says the same in one line: name, type, message, listing, link', () => {
    expect(renderNotice('assigned', { ...lead, message: 'Hi there' }, { url }).sms).toBe(
      'New lead: Ada <b>Lovelace</b> (Buyer). "Hi there" Listing: 16884 Evergreen Ct, Seattle, WA. https://crm.example/dashboard?lead=L1',
    );
  });

  it("the pond notice invites every agent to claim; the broker's copy names the agent; a sign-up without message or listing says less", () => {
    const pond = renderNotice('pond', lead, { url });
    expect(pond.subject).toBe('Lead in the pond: Ada <b>Lovelace</b> (Buyer)');
    expect(pond.text).toContain("is in your office's pond: the first agent to claim it gets it.");
    expect(pond.text).toContain('Claim the lead: https://crm.example/dashboard?lead=L1');
    expect(pond.push).toEqual({ title: 'Lead in the pond', body: 'Ada <b>Lovelace</b> (Buyer): first to claim gets it' });
    const copy = renderNotice('copy', lead, { url, agentName: 'Jane Agent' });
    expect(copy.subject).toBe('New lead for Jane Agent: Ada <b>Lovelace</b> (Buyer)');
    const bare = renderNotice('assigned', { ...lead, message: '', listing: null, leadType: 'Registration' }, { url });
    expect(bare.text).toBe(
      'Ada <b>Lovelace</b> (Registration) is your new lead. Reach out now: the first minutes count.\n\nOpen the lead: https://crm.example/dashboard?lead=L1',
    );
    expect(bare.sms).toBe('New lead: Ada <b>Lovelace</b> (Registration). https://crm.example/dashboard?lead=L1');
  });
});
