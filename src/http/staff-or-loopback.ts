import { isIP } from 'node:net';
import type { Request } from 'express';
import { LEVEL } from '../modules/accounts';

/**
 * Whether the caller's address is this machine: req.ip, which names the X-Forwarded-For client
 * only with TRUST_PROXY (as the rate limiter reads it), so a header cannot make a remote
 * caller local.
 */
export function fromLoopback(req: Request): boolean {
  const ip = (req.ip ?? '').replace(/^::ffff:/i, '');
  return ip === '::1' || (isIP(ip) === 4 && ip.startsWith('127.'));
}

/** A signed-in staff member (not while acting as someone else: then the session is that user's level). */
export const isStaff = (req: Request): boolean => (req.auth?.securityLevel ?? 0) >= LEVEL.staff;
