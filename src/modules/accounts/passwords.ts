import { Algorithm, hash, verify } from '@node-rs/argon2';
import { COMMON_PASSWORD, isCommonPassword } from './common-passwords';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);
export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> => verify(passwordHash, password).catch(() => false);

// A hash of nothing anyone knows, so that a sign-in for an unknown address does the same work.
let decoy: Promise<string> | undefined;
export const verifyNothing = async (password: string): Promise<false> => {
  decoy ??= hash(`decoy-${Math.random()}`, OPTIONS);
  await verifyPassword(await decoy, password);
  return false;
};

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const PASSWORD_MESSAGE = `Please choose a password of ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`;
export const isAcceptablePassword = (p: string): boolean => p.length >= PASSWORD_MIN && p.length <= PASSWORD_MAX;

/** What is wrong with a new password (its length, or being one of the most common), or null: every place a password is set asks this. */
export const passwordProblem = (p: string): string | null => (!isAcceptablePassword(p) ? PASSWORD_MESSAGE : isCommonPassword(p) ? COMMON_PASSWORD : null);
