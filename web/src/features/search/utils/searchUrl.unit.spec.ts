import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CRITERIA_FIELDS, cleanCriteria } from './criteria';
import { buildSearchUrl, parseSearchUrl, type SearchRoute, urlAfterSearch, viewUrl } from './searchUrl';

const at = (href: string) => {
  const u = new URL(href, 'http://x');
  return parseSearchUrl(u.pathname, u.search);
};

describe('search address round trip', () => {
  it('reads the view from the path or the type parameter', () => {
    expect(at('/search?acl_city=Seattle').view).toBe('list');
    expect(at('/search/split?acl_city=Seattle').view).toBe('split');
    expect(at('/search/map').view).toBe('map');
    expect(at('/search?type=map').view).toBe('map');
    expect(at('/search?type=split&acl_city=Seattle').criteria).toEqual({ acl_city: 'Seattle' });
  });

  it('keeps criteria, one-shot flags and carried parameters, and drops what it does not know', () => {
    const r = at(
      '/search?acl_city=Seattle,Bellevue&minprice=300000&advanced=1&forceopen=3&showSignIn=1&lang=es&bogus=1&polygonmap=47.6%20-122.3,%2047.7%20-122.3',
    );
    expect(r.criteria).toEqual({ acl_city: 'Seattle,Bellevue', minprice: '300000', polygonmap: '47.6 -122.3, 47.7 -122.3' });
    expect(r).toMatchObject({ advanced: true, forceOpen: 3, showSignIn: true, passthrough: { lang: 'es' } });
    expect(at(buildSearchUrl(r))).toEqual(r);
  });

  it('parse(build(route)) is the route for any criteria and view', () => {
    const value = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() === s && s.length > 0);
    const route = fc.record({
      view: fc.constantFrom('list' as const, 'split' as const, 'map' as const),
      criteria: fc.dictionary(fc.constantFrom(...CRITERIA_FIELDS), value),
      advanced: fc.boolean(),
      forceOpen: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
      showSignIn: fc.boolean(),
      passthrough: fc.dictionary(fc.constantFrom('lang', 'src', 'mobilehideviews'), value),
    });
    fc.assert(
      fc.property(route, (r: SearchRoute) => {
        const expected = { ...r, criteria: cleanCriteria(r.criteria) };
        expect(at(buildSearchUrl(r))).toEqual(expected);
      }),
    );
  });

  it('after a search the address is the server searchUrl on the current view, one-shot flags gone', () => {
    expect(urlAfterSearch('split', '/search?acl_city=Seattle&sortby=newest&forceopen=2', { lang: 'es' })).toBe(
      '/search/split?acl_city=Seattle&sortby=newest&lang=es',
    );
    expect(urlAfterSearch('list', '/search?type=list&zip=98101', {})).toBe('/search?zip=98101');
    expect(urlAfterSearch('map', '', {})).toBe('/search/map');
    expect(urlAfterSearch('list', '/search?zip=98101', { showSignIn: '1' })).toBe('/search?zip=98101&showSignIn=1');
  });

  it('switching views keeps the criteria but not the page', () => {
    expect(viewUrl('map', { acl_city: 'Seattle', page: '3', perpage: '24' })).toBe('/search/map?acl_city=Seattle');
    expect(viewUrl('list', { acl_city: 'Seattle' }, { lang: 'es' })).toBe('/search?acl_city=Seattle&lang=es');
  });
});
