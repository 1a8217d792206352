import { describe, expect, it } from 'vitest';
import { indexedListing } from '../../../../tests/support/indexed-listing';
import { renderListingsEmail } from './listings-email';

const base = indexedListing({ address: '16884 Evergreen Ct', listOfficeName: 'Barton Hills Realty', listAgentName: 'Dana Whitfield' });
const lease = indexedListing({ pdid: 'T-2', address: '2 <b>Elm</b> St', price: 2100, forRent: true, listOfficeName: 'Barton Hills Realty', photos: [] });
const email = (note: string, listings = [base, lease]) =>
  renderListingsEmail({
    to: 'ada@example.com',
    firstName: 'Ada',
    agentName: 'Jane Agent',
    note,
    listings,
    links: {
      pixel: 'http://demo.example/api/listing-mail/m1/pixel.gif?t=p',
      click: (pdid) => `http://demo.example/api/listing-mail/m1/click?to=%2Flisting%2F${pdid}&t=c`,
    },
    siteName: 'Demo & Co',
    baseUrl: 'http://demo.example',
    unsubscribe: {
      email: 'http://demo.example/?unsubscribe_email=t',
      headers: { 'List-Unsubscribe': '<http://x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    },
  });

describe('the e-mail of listings an agent sends a lead', () => {
  it('says who picked the homes, then a card per home with its price (a lease per month), facts, attribution and signed link', () => {
    const m = email('');
    expect(m.subject).toBe('Jane Agent sent you 2 homes — Demo & Co');
    expect(m.text).toContain('Jane Agent picked 2 homes for you on Demo & Co.');
    expect(m.text).toContain(
      '16884 Evergreen Ct, Kent, WA — $475,000 — 3 bd · 2 ba · 1,500 sq ft\nListing courtesy of Dana Whitfield, Barton Hills Realty\nhttp://demo.example/api/listing-mail/m1/click?to=%2Flisting%2FT-1&t=c',
    );
    expect(m.text).toContain('2 <b>Elm</b> St, Kent, WA — $2,100/mo');
    expect(m.text).toContain('Listing courtesy of Barton Hills Realty\n');
    expect(m.text).not.toContain('wrote:');
    expect(m.html).toContain('$2,100/mo');
    expect(m.html).toContain('2 &lt;b&gt;Elm&lt;/b&gt; St');
    expect(m.html).not.toContain('<b>Elm');
    expect(m.html).toContain('Listing courtesy of Dana Whitfield, Barton Hills Realty');
    expect(m.html).toContain('<img src="http://demo.example/demo-photos/1.svg"');
    expect(m.html).toContain('<a href="http://demo.example/api/listing-mail/m1/click?to=%2Flisting%2FT-2&amp;t=c"');
    expect(m.html).toContain('<img src="http://demo.example/api/listing-mail/m1/pixel.gif?t=p" alt="" width="1" height="1"');
    expect(m.text).not.toContain('pixel.gif');
    expect(m.headers).toEqual({ 'List-Unsubscribe': '<http://x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it("keeps the agent's note as text: escaped in the HTML, never markup", () => {
    const m = email('Look at these!\n<script>alert(1)</script>', [base]);
    expect(m.subject).toBe('Jane Agent sent you a home: 16884 Evergreen Ct, Kent, WA — $475,000');
    expect(m.text).toContain('Jane Agent wrote:\nLook at these!\n<script>alert(1)</script>\n');
    expect(m.html).toContain('Look at these!\n&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(m.html).not.toContain('<script>');
  });
});
