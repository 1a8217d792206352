import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import { SITE_MESSAGES } from '../../../contract/site-settings';
import { decideCreateSite } from '../create-site/create-site.decide';
import { evolveSite, initialSite } from '../site';
import type { SiteEvent } from '../sites.events';
import { decideVerifySiteDomain, type VerifySiteDomain } from './verify-site-domain.decide';

const siteWith = (...more: SiteEvent[]) =>
  fold({ initialState: initialSite, evolve: evolveSite }, [
    ...decideCreateSite({ siteId: 's1', subdomain: 'blair', name: 'Blair', kind: 'broker', ownerUserId: 'u1' }, initialSite()),
    ...more,
  ]);
const pending = siteWith({ type: 'SiteIdentityChanged', data: { siteId: 's1', DomainName: 'homes.blair.com' } });
const verify = (over: Partial<VerifySiteDomain> = {}): VerifySiteDomain => ({
  siteId: 's1',
  DomainName: 'homes.blair.com',
  outcome: { ok: true, proof: 'dns' },
  domainOwner: null,
  ...over,
});

describe('VerifySiteDomain', () => {
  it('given a pending domain, when the proof is found, then SiteDomainVerified and the site is verified', () => {
    const events = decideVerifySiteDomain(verify({ outcome: { ok: true, proof: 'file' } }), pending);
    expect(events).toEqual([{ type: 'SiteDomainVerified', data: { siteId: 's1', DomainName: 'homes.blair.com', proof: 'file' } }]);
    const after = events.reduce(evolveSite, pending);
    expect(after.exists && [after.domainStatus, after.domainReason]).toEqual(['verified', null]);
  });

  it('given a pending domain, when no proof is found, then SiteDomainVerificationFailed with the reason, and a later proof verifies it', () => {
    const events = decideVerifySiteDomain(verify({ outcome: { ok: false, reason: 'Not verified: no TXT record.' } }), pending);
    expect(events).toEqual([
      { type: 'SiteDomainVerificationFailed', data: { siteId: 's1', DomainName: 'homes.blair.com', reason: 'Not verified: no TXT record.' } },
    ]);
    const failed = events.reduce(evolveSite, pending);
    expect(failed.exists && [failed.domainStatus, failed.domainReason]).toEqual(['failed', 'Not verified: no TXT record.']);
    const later = decideVerifySiteDomain(verify(), failed).reduce(evolveSite, failed);
    expect(later.exists && later.domainStatus).toBe('verified');
  });

  it('given a verified domain, when checked again, then nothing is recorded', () => {
    const verified = decideVerifySiteDomain(verify(), pending).reduce(evolveSite, pending);
    expect(decideVerifySiteDomain(verify({ outcome: { ok: false, reason: 'x' } }), verified)).toEqual([]);
  });

  it('given a pending domain another site answers on meanwhile, when verified, then 409', () => {
    expect(() => decideVerifySiteDomain(verify({ domainOwner: 'other' }), pending)).toThrow(
      expect.objectContaining({ code: 'conflict', message: SITE_MESSAGES.domainTaken }),
    );
  });

  it('given the domain changed since the check began, then 409 and the proof of the old domain counts for nothing', () => {
    const changed = evolveSite(pending, { type: 'SiteIdentityChanged', data: { siteId: 's1', DomainName: 'blair.com' } });
    expect(() => decideVerifySiteDomain(verify(), changed)).toThrow(expect.objectContaining({ code: 'conflict', message: SITE_MESSAGES.domainChanged }));
    const late = evolveSite(changed, { type: 'SiteDomainVerified', data: { siteId: 's1', DomainName: 'homes.blair.com', proof: 'dns' } });
    expect(late.exists && late.domainStatus).toBe('pending');
  });

  it('given no custom domain, then 400; given no site, then 404', () => {
    expect(() => decideVerifySiteDomain(verify(), siteWith())).toThrow(expect.objectContaining({ code: 'validation', message: SITE_MESSAGES.noDomain }));
    expect(() => decideVerifySiteDomain(verify(), initialSite())).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
