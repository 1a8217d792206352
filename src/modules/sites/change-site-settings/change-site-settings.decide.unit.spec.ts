import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { decideCreateSite } from '../create-site/create-site.decide';
import { evolveSite, initialSite } from '../site';
import { SITE_MESSAGES } from '../../../contract/site-settings';
import { decideChangeSiteSettings } from './change-site-settings.decide';

const created = decideCreateSite({ siteId: 's1', subdomain: 'x', name: 'X', kind: 'agent', ownerUserId: 'u1' }, initialSite());
const given = fold({ initialState: initialSite, evolve: evolveSite }, created);
const platformHost = 'porchlight.test';

describe('ChangeSiteSettings', () => {
  it('records only the settings that change', () => {
    const events = decideChangeSiteSettings({ siteId: 's1', changes: { Registration_AllowPartialName: true, PromptViews: 3 } }, given);
    expect(events).toEqual([{ type: 'SiteSettingsChanged', data: { siteId: 's1', changes: { Registration_AllowPartialName: true } } }]);
    const after = events.reduce(evolveSite, given);
    expect(after.exists && after.settings.Registration_AllowPartialName).toBe(true);
  });

  it('decides nothing when nothing changes', () => {
    expect(decideChangeSiteSettings({ siteId: 's1', changes: { PromptViews: 3 } }, given)).toEqual([]);
  });

  it.each([
    [{ PromptPages: 4 }, /PromptPages must be a whole number from 0 to 3/],
    [{ PromptLevel: 1.5 }, /PromptLevel must be a whole number/],
    [{ SearchRequiresAccept: 'yes' }, /SearchRequiresAccept must be true or false/],
    [{ Nope: true }, /Unknown site setting Nope/],
    [{ PrimaryColor: 'blue' }, /PrimaryColor must be a colour written #rrggbb/],
    [{ PrimaryColor: '#f5d000' }, /The primary colour #f5d000 is too light/],
    [{ LogoUrl: 'javascript:alert(1)' }, /The logo must be an uploaded image or an https:\/\/ address/],
    [{ Disclaimer: 'x'.repeat(2001) }, /The disclaimer is at most 2,000 characters/],
  ])('refuses %j', (changes, message) => {
    expect(() => decideChangeSiteSettings({ siteId: 's1', changes: changes as never }, given)).toThrow(message);
  });

  it('given a site, when branding changes, then only the changed branding is recorded, normalized', () => {
    const events = decideChangeSiteSettings({ siteId: 's1', changes: { PrimaryColor: '#1A3B5C', LogoUrl: '', Disclaimer: ' Licensed broker. ' } }, given);
    expect(events).toEqual([{ type: 'SiteSettingsChanged', data: { siteId: 's1', changes: { PrimaryColor: '#1a3b5c', Disclaimer: 'Licensed broker.' } } }]);
  });

  it('given a site, when its brand name and domain change, then SiteIdentityChanged with the domain as stored', () => {
    const events = decideChangeSiteSettings({ siteId: 's1', changes: {}, name: '  Blair  Homes ', DomainName: 'Homes.Blair.COM.', platformHost }, given);
    expect(events).toEqual([{ type: 'SiteIdentityChanged', data: { siteId: 's1', name: 'Blair Homes', DomainName: 'homes.blair.com' } }]);
    const after = events.reduce(evolveSite, given);
    expect(after.exists && [after.name, after.DomainName, after.domainStatus]).toEqual(['Blair Homes', 'homes.blair.com', 'pending']);
    expect(decideChangeSiteSettings({ siteId: 's1', changes: {}, DomainName: '', platformHost }, after)).toEqual([
      { type: 'SiteIdentityChanged', data: { siteId: 's1', DomainName: null } },
    ]);
  });

  it.each([
    [{ name: '  ' }, /Please enter the brand name/],
    [{ DomainName: 'not a domain' }, /Please enter a valid domain name/],
    [{ DomainName: 'taken.com', domainOwner: 'other-site' }, /Another site already uses this domain/],
  ])('refuses the identity %j', (identity, message) => {
    expect(() => decideChangeSiteSettings({ siteId: 's1', changes: {}, platformHost, DomainName: undefined as never, ...identity }, given)).toThrow(message);
  });

  it.each([
    ['jane.porchlight.test', 'porchlight.test'],
    ['porchlight.test', 'porchlight.test'],
    ['www.porchlight.test', 'porchlight.test'],
    ['deep.under.porchlight.test', 'porchlight.test'],
    ['porchlight.test', 'www.porchlight.test'],
    ['jane.localhost', 'porchlight.test'],
    ['jane.localhost', '127.0.0.1'],
    // The platform's own host where it is no public domain name: still its, so 409 rather than 400.
    ['localhost', 'localhost:3000'],
    ['localhost:3000', 'localhost:3000'],
    ['porchlight.test:8443', 'porchlight.test'],
  ])('given a site, when the domain %j is asked with the platform on %j, then 409: the platform answers there', (DomainName, host) => {
    expect(() => decideChangeSiteSettings({ siteId: 's1', changes: {}, DomainName, platformHost: host }, given)).toThrow(
      expect.objectContaining({ code: 'conflict', message: SITE_MESSAGES.domainPlatform }),
    );
  });

  it('given a site, when a domain another site answers on is asked (its www. too), then 409', () => {
    expect(() => decideChangeSiteSettings({ siteId: 's1', changes: {}, DomainName: 'www.taken.com', domainOwner: 'other-site', platformHost }, given)).toThrow(
      expect.objectContaining({ code: 'conflict', message: SITE_MESSAGES.domainTaken }),
    );
  });

  it('given a verified domain, when the domain changes, then the new one waits for its own proof', () => {
    const withDomain = [...decideChangeSiteSettings({ siteId: 's1', changes: {}, DomainName: 'homes.blair.com', platformHost }, given)].reduce(
      evolveSite,
      given,
    );
    const verified = evolveSite(withDomain, { type: 'SiteDomainVerified', data: { siteId: 's1', DomainName: 'homes.blair.com', proof: 'dns' } });
    expect(verified.exists && verified.domainStatus).toBe('verified');
    const changed = decideChangeSiteSettings({ siteId: 's1', changes: {}, DomainName: 'blair.com', platformHost }, verified).reduce(evolveSite, verified);
    expect(changed.exists && [changed.DomainName, changed.domainStatus]).toEqual(['blair.com', 'pending']);
  });

  it('refuses an unknown site', () => {
    expect(() => decideChangeSiteSettings({ siteId: 's1', changes: {} }, initialSite())).toThrow(/No such site/);
  });
});
