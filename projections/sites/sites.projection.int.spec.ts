import { describe, expect, it } from 'vitest';
import { defaultSiteSettings, type SiteEvent } from '../../src/modules/sites/sites.events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { officeSiteSettings, siteById, siteForHost, siteIdForDomain, sitesProjection } from './index';

const BROKER = specId(1);
const created = (n: number, subdomain: string, o: { kind?: 'broker' | 'agent'; domain?: string | null; isDefault?: boolean } = {}): SiteEvent => ({
  type: 'SiteCreated',
  data: {
    siteId: specId(10 + n),
    subdomain,
    name: `Site ${subdomain}`,
    kind: o.kind ?? 'broker',
    ownerUserId: BROKER,
    DomainName: o.domain ?? null,
    masterSiteId: null,
    isDefault: o.isDefault ?? false,
    settings: defaultSiteSettings,
  },
});
const verified = (n: number, DomainName: string): SiteEvent => ({ type: 'SiteDomainVerified', data: { siteId: specId(10 + n), DomainName, proof: 'dns' } });

describe('sites read model', () => {
  const spec = projectionSpecification(sitesProjection);

  it('given a default site and a broker site with a custom domain, when the domain is verified, then hosts resolve to it (www. too) and the resolver caches drop it', () =>
    spec
      .given(created(1, 'www', { isDefault: true }), created(2, 'jane', { domain: 'janehomes.com' }))
      .when(verified(2, 'janehomes.com'))
      .then(async ({ pool, signals }) => {
        expect((await siteForHost(pool, ['janehomes.com'], null))?.subdomain).toBe('jane');
        expect(await siteIdForDomain(pool, 'www.janehomes.com')).toBe(specId(12));
        expect((await siteForHost(pool, ['elsewhere.com'], null))?.subdomain).toBe('www');
        expect(signals).toEqual([{ signal: 'site.changed', payload: { siteId: specId(12) } }]);
      }));

  it('given a domain still pending its proof, then the host does not resolve to the site yet; a failed check says why', () =>
    spec
      .given(created(1, 'www', { isDefault: true }), created(2, 'jane', { domain: 'janehomes.com' }))
      .when({ type: 'SiteDomainVerificationFailed', data: { siteId: specId(12), DomainName: 'janehomes.com', reason: 'No TXT record found' } })
      .then(async ({ pool }) => {
        expect((await siteForHost(pool, ['janehomes.com'], null))?.subdomain).toBe('www');
        expect(await siteById(pool, specId(12))).toMatchObject({ domainStatus: 'failed', domainReason: 'No TXT record found' });
      }));

  it("given a verified domain, when the site's name and domain change, then the new domain waits for its own proof", () =>
    spec
      .given(created(2, 'jane', { domain: 'janehomes.com' }), verified(2, 'janehomes.com'))
      .when({ type: 'SiteIdentityChanged', data: { siteId: specId(12), name: 'Jane & Co', DomainName: 'janeandco.com' } })
      .then(async ({ pool }) => {
        expect(await siteById(pool, specId(12))).toMatchObject({ name: 'Jane & Co', DomainName: 'janeandco.com', domainStatus: 'pending' });
        expect(await siteIdForDomain(pool, 'janehomes.com')).toBeNull();
      }));

  it("given the broker's office site, when a setting changes, then the office reads it with the other settings at their defaults", () =>
    spec
      .given(created(3, 'office'), created(4, 'agent', { kind: 'agent' }))
      .when({ type: 'SiteSettingsChanged', data: { siteId: specId(13), changes: { PromptViews: 7 } } })
      .then(async ({ pool }) => {
        expect(await officeSiteSettings(pool, BROKER)).toEqual({ ...defaultSiteSettings, PromptViews: 7 });
        expect(await officeSiteSettings(pool, null)).toEqual(defaultSiteSettings);
      }));
});
