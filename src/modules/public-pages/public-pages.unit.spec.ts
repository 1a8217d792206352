import { describe, expect, it } from 'vitest';
import { isBot } from './bots';
import { html } from '../../shared/html';
import { jsonLdScript } from './json-ld-script';
import { availabilityOf, residenceType } from './json-ld';
import { shortText } from './page-head';
import { english, pageLanguage } from './page-language';
import { agentPath, areaPath, parseAgentPath, parseAreaPath, slugOf } from './slugs';

describe('public page pieces', () => {
  it('html`` escapes every value unless it is html already; JSON-LD cannot close its element', () => {
    const text = `</p><script>x</script>"'&`;
    expect(html`<p title="${text}">${text}</p>`.text).toBe(
      '<p title="&lt;/p&gt;&lt;script&gt;x&lt;/script&gt;&quot;&#39;&amp;">&lt;/p&gt;&lt;script&gt;x&lt;/script&gt;&quot;&#39;&amp;</p>',
    );
    expect(html`<ul>${['a<', html`<li>b</li>`, null, false]}</ul>`.text).toBe('<ul>a&lt;<li>b</li></ul>');
    const block = jsonLdScript({ d: '</script><!-- & \u2028' }).text;
    expect(block).toBe('<script type="application/ld+json">{"d":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028"}</script>');
    expect(JSON.parse(block.slice(35, -9))).toEqual({ d: '</script><!-- & \u2028' });
  });

  it('slugs: clean addresses of areas and agents, read back the same', () => {
    expect(slugOf('St. Helena')).toBe('st-helena');
    expect(slugOf("Coeur d'Alene")).toBe('coeur-d-alene');
    expect(slugOf('Cañon City')).toBe('canon-city');
    expect(areaPath('city', 'st. helena')).toBe('/homes-for-sale/st-helena');
    expect(areaPath('zip', '98101')).toBe('/homes-for-sale/zip/98101');
    expect(areaPath('county', 'king')).toBe('/homes-for-sale/county/king-county');
    expect(parseAreaPath('/homes-for-sale/st-helena')).toEqual({ kind: 'city', slug: 'st-helena' });
    expect(parseAreaPath('/homes-for-sale/zip/98101/')).toEqual({ kind: 'zip', slug: '98101' });
    expect(parseAreaPath('/homes-for-sale/county/king-county')).toEqual({ kind: 'county', slug: 'king' });
    expect(parseAreaPath('/homes-for-sale/zip/981')).toBeUndefined();
    expect(parseAreaPath('/homes-for-sale/county/king')).toBeUndefined();
    expect(parseAreaPath('/homes-for-sale/%E0%A4%A')).toBeUndefined();
    const path = agentPath({ firstName: 'Jane', lastName: "O'Neil", pageKey: '0123456789ab' });
    expect(path).toBe('/agents/jane-o-neil-0123456789ab');
    expect(parseAgentPath(path)).toBe('0123456789ab');
    expect(parseAgentPath('/agents/0123456789ab')).toBe('0123456789ab');
    expect(parseAgentPath('/agents/jane')).toBeUndefined();
  });

  it('bots by their user agent; browsers and Lighthouse are people', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'facebookexternalhit/1.1',
      'Slackbot-LinkExpanding 1.0',
      'DuckDuckBot/1.1',
    ])
      expect(isBot(ua)).toBe(true);
    for (const ua of [
      undefined,
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0 Safari/537.36',
      'Mozilla/5.0 (Linux) Chrome/130.0 Safari/537.36 Chrome-Lighthouse',
    ])
      expect(isBot(ua)).toBe(false);
  });

  it('schema.org types of homes and offers', () => {
    expect(residenceType('Single Family Residence')).toBe('SingleFamilyResidence');
    expect(residenceType('Condominium')).toBe('Apartment');
    expect(residenceType('Townhouse')).toBe('House');
    expect(residenceType('Land')).toBe('Place');
    expect(residenceType(null)).toBe('Accommodation');
    expect(availabilityOf('Active')).toBe('https://schema.org/InStock');
    expect(availabilityOf('Closed')).toBe('https://schema.org/SoldOut');
    expect(availabilityOf('Withdrawn')).toBe('https://schema.org/Discontinued');
  });

  it('descriptions are cut at a word', () => {
    expect(shortText('a  b\nc')).toBe('a b c');
    const long = shortText(`${'word '.repeat(50)}end`, 30);
    expect(long.length).toBeLessThanOrEqual(30);
    expect(long).toMatch(/word…$/);
  });

  it("picks the page's language as the web app does: ?lang=, else the lang cookie, else English", () => {
    expect(pageLanguage(new URLSearchParams('lang=ES'), 'lang=fr')).toBe('es');
    expect(pageLanguage(new URLSearchParams('lang=xx'), 'a=1; lang=fr')).toBe('fr');
    expect(pageLanguage(new URLSearchParams(''), 'lang=klingon')).toBe('en');
    expect(pageLanguage(new URLSearchParams(''), undefined)).toBe('en');
    expect(english('x', 'Page {page} of {pages}', { page: 2, pages: 1200 })).toBe('Page 2 of 1,200');
  });
});
