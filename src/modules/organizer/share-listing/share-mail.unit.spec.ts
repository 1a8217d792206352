import { describe, expect, it } from 'vitest';
import { indexedListing } from '../../../../tests/support/indexed-listing';
import { renderShareEmail } from './share-mail';

const listing = indexedListing();
const mail = {
  to: 'friend@example.com',
  from: { firstName: 'Ada', email: 'ada@example.com' },
  listing,
  siteName: 'Demo & Co',
  baseUrl: 'http://demo.example',
  message: 'Look at <b>this</b>!\n<script>alert("x")</script> & <a href="http://evil.test">win</a>',
};

describe('the share e-mail', () => {
  it('says who sent it, with the listing and a plain link to it', () => {
    const m = renderShareEmail(mail);
    expect(m.to).toBe('friend@example.com');
    expect(m.subject).toBe('Ada shared a home with you: 1 Main St, Kent, WA — $475,000');
    expect(m.text).toContain('Ada (ada@example.com) found this home on Demo & Co and shared it with you.');
    expect(m.text).toContain('1 Main St, Kent, WA — $475,000 — 3 bd · 2 ba · 1,500 sq ft\nhttp://demo.example/listing/T-1');
    expect(m.html).toContain('<img src="http://demo.example/demo-photos/1.svg"');
    expect(m.html).toContain('<a href="http://demo.example/listing/T-1"');
    expect(m.html).toContain('Ada (ada@example.com) found this home on Demo &amp; Co');
    expect(m.html).not.toContain('/api/alerts/');
  });

  it("keeps the lead's message as text, its links unclickable: as written in the text part, escaped in the HTML", () => {
    const m = renderShareEmail(mail);
    const defanged = 'Look at <b>this</b>!\n<script>alert("x")</script> & <a href="http[:]//evil[.]test">win</a>';
    expect(m.text).toContain(`Ada wrote:\n${defanged}\n`);
    expect(m.html).toContain(
      'Look at &lt;b&gt;this&lt;/b&gt;!\n&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;a href=&quot;http[:]//evil[.]test&quot;&gt;win&lt;/a&gt;',
    );
    expect(m.html).not.toMatch(/<script|<b>this|href="http:\/\/evil/);
    expect(`${m.text}${m.html}`).not.toMatch(/evil\.test|http:\/\/evil/);
  });

  it('leaves no address the lead wrote clickable, in the message or as a name; the listing link is the only one', () => {
    const m = renderShareEmail({
      ...mail,
      message: 'Claim it at www.prize.example or mail claims@prize.example',
      from: { firstName: 'prize.example', email: 'ada@example.com' },
    });
    expect(m.text).toContain('Claim it at www[.]prize[.]example or mail claims@prize[.]example');
    expect(m.subject).toMatch(/^prize\[\.\]example shared a home with you/);
    expect(`${m.text}${m.html}${m.subject}`).not.toContain('prize.example');
    expect(m.html?.match(/href="/g)).toHaveLength(2);
  });

  it('leaves the message out when there is none, and keeps a name on one line in the subject', () => {
    const m = renderShareEmail({ ...mail, message: '', from: { firstName: 'Ada\r\nBcc: x@y.test', email: 'ada@example.com' } });
    expect(m.text).not.toContain('wrote:');
    expect(m.subject).toBe('Ada Bcc: x@y[.]test shared a home with you: 1 Main St, Kent, WA — $475,000');
  });

  it("writes a lease's price as its rent per month", () => {
    const m = renderShareEmail({ ...mail, listing: { ...listing, price: 2100, forRent: true, propertyType: 'Residential Lease' } });
    expect(m.subject).toBe('Ada shared a home with you: 1 Main St, Kent, WA — $2,100/mo');
    expect(m.text).toContain('1 Main St, Kent, WA — $2,100/mo — 3 bd');
    expect(m.html).toContain('>$2,100/mo</p>');
  });
});
