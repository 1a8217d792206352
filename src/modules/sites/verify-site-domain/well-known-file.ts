import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { DomainLookup } from './domain-lookup.port';
import { isPrivateAddress } from '../../../shared/net/private-address';

export type FileAnswer = { readonly status: number; readonly body: string } | { readonly error: string };

const TIMEOUT_MS = 5_000;
const MAX_BODY = 512;

export type FileFetchOptions = { readonly lookup: DomainLookup; readonly httpPort: number; readonly allowPrivateAddresses: boolean };

/**
 * Name resolution through the same DNS as the TXT check, refusing private addresses at connect
 * time in production (so a domain cannot point the check at the product's own network, nor
 * switch to such an address after a first look).
 */
function lookupVia(opts: FileFetchOptions): LookupFunction {
  return (hostname, options, callback) => {
    const done = callback as (err: NodeJS.ErrnoException | null, address: string | { address: string; family: number }[], family?: number) => void;
    opts.lookup.addresses(hostname).then(
      (addresses) => {
        const usable = addresses.filter((a) => opts.allowPrivateAddresses || !isPrivateAddress(a));
        if (usable.length === 0) {
          const err: NodeJS.ErrnoException = new Error(addresses.length ? 'private address' : 'no address');
          err.code = addresses.length ? 'EPRIVATE' : 'ENOTFOUND';
          return done(err, '');
        }
        const all = usable.map((address) => ({ address, family: isIP(address) }));
        if ((options as { all?: boolean }).all) done(null, all);
        else done(null, all[0]!.address, all[0]!.family);
      },
      (err: NodeJS.ErrnoException) => done(err, ''),
    );
  };
}

function get(url: URL, opts: FileFetchOptions): Promise<FileAnswer & { location?: string }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    // A fresh connection each time (no kept-alive socket): every request goes through the address check.
    const req = client.get(
      url,
      { agent: false, lookup: lookupVia(opts), timeout: TIMEOUT_MS, headers: { accept: 'text/plain', 'user-agent': 'Porchlight domain check' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          if (body.length > MAX_BODY) res.destroy();
        });
        const end = () => resolve({ status: res.statusCode ?? 0, body: body.slice(0, MAX_BODY), location: res.headers.location });
        res.on('end', end);
        res.on('close', end);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? 'ERROR' }));
  });
}

/**
 * GET http://<domain><path> (the test port in tests), following one redirect to https on the
 * same domain, as sites that force https answer. What the server answered is not passed on
 * beyond its status: the caller compares, it never shows the body.
 */
export async function fetchWellKnownFile(domain: string, path: string, opts: FileFetchOptions): Promise<FileAnswer> {
  const first = await get(new URL(`http://${domain}:${opts.httpPort}${path}`), opts);
  if ('error' in first || first.status < 300 || first.status > 399 || !first.location) return first;
  const next = new URL(first.location, `http://${domain}`);
  if (next.protocol !== 'https:' || next.hostname !== domain || next.pathname !== path) return first;
  return get(new URL(`https://${domain}${path}`), opts);
}
