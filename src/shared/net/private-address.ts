import { BlockList, isIP } from 'node:net';

/**
 * Addresses a URL that a user sets must not lead to in production: this machine, the private
 * networks around it and their link-local services (a cloud's metadata endpoint at
 * 169.254.169.254 among them). BlockList also matches IPv4-mapped IPv6 (::ffff:127.0.0.1)
 * against the IPv4 ranges.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network": 0.0.0.0 reaches this machine
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated): ::127.0.0.1
  ['64:ff9b::', 96], // NAT64: reaches any IPv4 address, private ones included
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address (v4 or v6, without brackets or a zone) is loopback, private, link-local or otherwise not public. Not an address: true. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return PRIVATE.check(ip, 'ipv4');
  if (family === 6) return PRIVATE.check(ip, 'ipv6');
  return true;
}

/** The host of a URL as an IP address when it is one ([::1] → ::1), else null. */
export function ipLiteralOf(hostname: string): string | null {
  const host = hostname.replace(/^\[|\]$/g, '');
  return isIP(host) ? host : null;
}
