import { describe, expect, it } from 'vitest';
import { hostCandidates, siteBaseUrl } from './resolved-site';

describe('hostCandidates: which names a Host can stand for', () => {
  it.each([
    ['porchlight.test', 'porchlight.test', { domains: [], subdomain: null }],
    ['www.porchlight.test:443', 'porchlight.test', { domains: [], subdomain: null }],
    ['jane.porchlight.test', 'porchlight.test', { domains: [], subdomain: 'jane' }],
    ['jane.localhost:3000', 'porchlight.test', { domains: [], subdomain: 'jane' }],
    ['jane.localhost', 'localhost', { domains: [], subdomain: 'jane' }],
    ['jane.localhost', '127.0.0.1', { domains: [], subdomain: 'jane' }],
    ['a.b.porchlight.test', 'porchlight.test', { domains: [], subdomain: null }],
    ['jane.evil.example', 'porchlight.test', { domains: ['jane.evil.example'], subdomain: null }],
    ['www.homes.example.com.', 'porchlight.test', { domains: ['www.homes.example.com', 'homes.example.com'], subdomain: null }],
    ['127.0.0.1:3000', 'localhost', { domains: [], subdomain: null }],
  ])('%s with the platform on %s', (host, platform, expected) => {
    expect(hostCandidates(host, platform)).toEqual(expected);
  });
});

describe('siteBaseUrl', () => {
  it('links to a custom domain only once it is verified', () => {
    const site = { DomainName: 'homes.example.com', isDefault: false, subdomain: 'jane' };
    expect(siteBaseUrl({ ...site, domainStatus: 'pending' }, 'https://porchlight.test')).toBe('https://jane.porchlight.test');
    expect(siteBaseUrl({ ...site, domainStatus: 'verified' }, 'https://porchlight.test')).toBe('https://homes.example.com');
  });
});
