import { describe, expect, it } from 'vitest';
import type { Resolve } from '../../../shared/net/outbound';
import { WebhookOutbound } from './webhook-outbound';
import { HTTPS_ONLY, URL_LEADS_TO_PRIVATE, webhookUrlProblem } from './webhook-url';

/** A stand-in resolver (the DNS port): each name answers the addresses the test gives it. */
const resolver =
  (names: Record<string, string[]>): Resolve =>
  async (host) => {
    const all = names[host];
    if (!all) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return all.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const NAMES = {
  'hooks.example.com': ['93.184.216.34'],
  'rebound.example.com': ['93.184.216.34', '10.0.0.7'],
  'mapped.example.com': ['::ffff:192.168.1.10'],
  'v6-local.example.com': ['fe80::1'],
  'v6-public.example.com': ['2606:2800:220:1:248:1893:25c8:1946'],
  'metadata.example.com': ['169.254.169.254'],
};

const production = new WebhookOutbound({ env: 'production', allowPrivateOutbound: false }, resolver(NAMES));
const problem = (url: string, net = production) => webhookUrlProblem(url, { httpsOnly: net.httpsOnly, outbound: net.outbound });

describe('webhook URLs in production: https only, never to a loopback, private or link-local address (IPv4, IPv6, mapped)', () => {
  it.each([
    ['https://hooks.example.com/porchlight', null],
    ['https://v6-public.example.com/hook', null],
    ['http://hooks.example.com/porchlight', HTTPS_ONLY],
    ['https://127.0.0.1/hook', URL_LEADS_TO_PRIVATE],
    ['https://[::1]/hook', URL_LEADS_TO_PRIVATE],
    ['https://[::ffff:127.0.0.1]/hook', URL_LEADS_TO_PRIVATE],
    ['https://localhost/hook', URL_LEADS_TO_PRIVATE],
    ['https://rebound.example.com/hook', URL_LEADS_TO_PRIVATE],
    ['https://mapped.example.com/hook', URL_LEADS_TO_PRIVATE],
    ['https://v6-local.example.com/hook', URL_LEADS_TO_PRIVATE],
    ['https://metadata.example.com/latest', URL_LEADS_TO_PRIVATE],
  ])('%s → %s', async (url, expected) => {
    expect(await problem(url)).toBe(expected);
  });

  it('the delivery connects through the same resolver and refuses a name that now resolves to a private address (DNS rebinding)', async () => {
    const names: Record<string, string[]> = { 'hooks.example.com': ['93.184.216.34'] };
    const net = new WebhookOutbound({ env: 'production', allowPrivateOutbound: false }, (host) => resolver(names)(host));
    expect(await problem('https://hooks.example.com/x', net)).toBeNull();
    names['hooks.example.com'] = ['127.0.0.1'];
    await expect(net.outbound.fetch('https://hooks.example.com/x', { method: 'POST', body: '{}' })).rejects.toThrow(/loopback, private or link-local/);
  });

  it('outside production (and with ALLOW_PRIVATE_OUTBOUND) http and local receivers are allowed, for development and tests', async () => {
    const dev = new WebhookOutbound({ env: 'development', allowPrivateOutbound: true }, resolver(NAMES));
    expect(await problem('http://127.0.0.1:8080/hook', dev)).toBeNull();
  });
});
