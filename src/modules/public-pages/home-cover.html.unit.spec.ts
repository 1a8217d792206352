import { describe, expect, it } from 'vitest';
import { english } from './page-language';
import { renderHomeCover } from './home-cover.html';

describe('the server-rendered home cover', () => {
  it('draws nothing for a cover the broker never set', () => {
    expect(renderHomeCover({ imageUrl: null, headline: '', subline: '' }, english)).toBe('');
  });

  it("draws the image, the broker's text as text (never markup) and the way to search", () => {
    const out = renderHomeCover({ imageUrl: '/uploads/c1.jpg', headline: 'Homes by the <b>water</b>', subline: 'Tom & Jerry "Realty"' }, english).toString();
    expect(out).toContain('<img class="home-cover-image" src="/uploads/c1.jpg" alt=""');
    expect(out).toContain('<p class="home-cover-headline">Homes by the &lt;b&gt;water&lt;/b&gt;</p>');
    expect(out).toContain('<p class="home-cover-subline">Tom &amp; Jerry &quot;Realty&quot;</p>');
    expect(out).toContain('<a class="home-cover-action" href="/search">Search homes</a>');
    expect(out).toMatch(/^<section class="home-cover" aria-label="Welcome">/);
  });
});
