import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainLookup } from './domain-lookup.port';
import { isPrivateAddress } from '../../../shared/net/private-address';
import { fetchWellKnownFile } from './well-known-file';

/** DNS (an outside service) answering every name with the loopback address. */
const loopbackDns: DomainLookup = { txt: async () => [], addresses: async () => ['127.0.0.1'] };

describe('the well-known file check', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => res.end(req.headers.host?.startsWith('homes.example.com') ? 'the-token' : 'other'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('asks the domain by name (its Host) at the address DNS gave', async () => {
    expect(
      await fetchWellKnownFile('homes.example.com', '/.well-known/porchlight-verification/x', {
        lookup: loopbackDns,
        httpPort: port,
        allowPrivateAddresses: true,
      }),
    ).toEqual({ status: 200, body: 'the-token', location: undefined });
  });

  it('in production, never connects to a private address a domain resolves to', async () => {
    expect(
      await fetchWellKnownFile('homes.example.com', '/.well-known/porchlight-verification/x', {
        lookup: loopbackDns,
        httpPort: port,
        allowPrivateAddresses: false,
      }),
    ).toEqual({ error: 'EPRIVATE' });
  });

  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['93.184.216.34', false],
    ['2606:4700::1111', false],
  ])('%s private: %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });
});
