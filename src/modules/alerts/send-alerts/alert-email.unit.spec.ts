import { describe, expect, it } from 'vitest';
import type { IndexedListing } from '../../../../projections/search';
import { indexedListing } from '../../../../tests/support/indexed-listing';
import { changeLine, renderAlertEmail } from './alert-email';

const listing = indexedListing({ address: '1 <b>Main</b> St' });
const ctx = {
  to: 'ada@example.com',
  firstName: 'Ada',
  siteName: 'Demo & Co',
  baseUrl: 'http://demo.example',
  unsubscribe: {
    propertyAlerts: 'http://demo.example/?On_PropertyAlerts=t',
    email: 'http://demo.example/?unsubscribe_email=t',
    headers: { 'List-Unsubscribe': '<http://x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  },
};

describe('alert e-mail', () => {
  it('says what changed in a few words', () => {
    expect(changeLine('price-reduced', { from: 500_000, to: 475_000 })).toBe('Price reduced $25k');
    expect(changeLine('price-reduced', { from: 2_000_000, to: 750_000 })).toBe('Price reduced $1.25M');
    expect(changeLine('new', {})).toBe('New listing');
    expect(changeLine('price-reduced', { from: 1_200_950, to: 1_200_000 })).toBe('Price reduced $950');
    expect(changeLine('open-house', { start: '2026-11-28T13:00:00-08:00', end: '2026-11-28T15:00:00-08:00' })).toBe('Open house Sat, Nov 28, 1–3 PM');
    expect(changeLine('open-house', {})).toBe('Open house');
    expect(changeLine('back-on-market', { also: [{ kind: 'price-reduced', detail: { from: 500_000, to: 475_000 } }] })).toBe(
      'Back on the market · Price reduced $25k',
    );
    expect(changeLine('open-house-cancelled', { start: '2026-11-28T13:00:00-08:00', end: '2026-11-28T15:00:00-08:00' })).toBe(
      'Open house cancelled: Sat, Nov 28, 1–3 PM',
    );
  });

  it('renders text and escaped HTML with the photo, the link and the one-click headers', () => {
    const m = renderAlertEmail([{ kind: 'price-reduced', reason: 'favorite', detail: { from: 500_000, to: 475_000 }, listing }], ctx, null);
    expect(m.subject).toBe('Price reduced $25k: 1 <b>Main</b> St, Kent, WA — $475,000');
    expect(m.text).toContain('http://demo.example/listing/T-1');
    expect(m.text).toContain('Stop property alerts: http://demo.example/?On_PropertyAlerts=t');
    expect(m.html).toContain('1 &lt;b&gt;Main&lt;/b&gt; St');
    expect(m.html).not.toContain('<b>Main');
    expect(m.html).toContain('<img src="http://demo.example/demo-photos/1.svg"');
    expect(m.html).toContain('Demo &amp; Co');
    expect(m.headers).toEqual(ctx.unsubscribe.headers);
  });

  it("links each listing through the alert's signed link, with its tracking image in the HTML only", () => {
    const links = { open: 'http://demo.example/api/alerts/a1/open?t=o&x=1', pixel: 'http://demo.example/api/alerts/a1/pixel.gif?t=p' };
    const m = renderAlertEmail([{ kind: 'new', reason: 'search', detail: {}, listing, links }], ctx, null);
    expect(m.text).toContain(links.open);
    expect(m.text).not.toContain('http://demo.example/listing/T-1');
    expect(m.text).not.toContain('pixel.gif');
    expect(m.html).toContain('<a href="http://demo.example/api/alerts/a1/open?t=o&amp;x=1">');
    expect(m.html).toContain('<img src="http://demo.example/api/alerts/a1/pixel.gif?t=p" alt="" width="1" height="1"');
  });

  it("writes a lease's price as its rent per month, in the subject, the text and the HTML", () => {
    const lease: IndexedListing = { ...listing, price: 2100, forRent: true, propertyType: 'Residential Lease' };
    const m = renderAlertEmail([{ kind: 'price-reduced', reason: 'search', detail: { from: 2250, to: 2100 }, listing: lease }], ctx, null);
    expect(m.subject).toBe('Price reduced $150/mo: 1 <b>Main</b> St, Kent, WA — $2,100/mo');
    expect(m.text).toContain('1 <b>Main</b> St, Kent, WA — $2,100/mo — 3 bd · 2 ba · 1,500 sq ft');
    expect(m.html).toContain('>$2,100/mo</p>');
    expect(changeLine('sold', {}, true)).toBe('Leased');
    expect(changeLine('sold', {})).toBe('Sold');
    // A sale is never "/mo".
    expect(renderAlertEmail([{ kind: 'new', reason: 'search', detail: {}, listing }], ctx, null).text).toContain('— $475,000 —');
  });

  it('groups a digest under one subject', () => {
    const item = { kind: 'new' as const, reason: 'search' as const, detail: {}, listing };
    expect(renderAlertEmail([item, item], ctx, 'weekly').subject).toBe('2 homes for you this week — Demo & Co');
  });
});
