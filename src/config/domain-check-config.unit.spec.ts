import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('custom-domain check configuration', () => {
  it('asks the system resolvers and port 80 unless told; private addresses only outside production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).domainCheck).toEqual({ dnsServers: [], httpPort: 80, allowPrivateAddresses: true });
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://porchlight.example', DNS_SERVERS: '1.1.1.1, 8.8.8.8:53' }).domainCheck).toEqual({
      dnsServers: ['1.1.1.1', '8.8.8.8:53'],
      httpPort: 80,
      allowPrivateAddresses: false,
    });
  });

  it('refuses a resolver that is not an address, and a test port in production', () => {
    expect(() => loadConfig({ DNS_SERVERS: 'dns.example' })).toThrow(/DNS_SERVERS must be IP addresses/);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://porchlight.example', DOMAIN_CHECK_HTTP_PORT: '8080' })).toThrow(
      /DOMAIN_CHECK_HTTP_PORT is for tests only/,
    );
  });
});
