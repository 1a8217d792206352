import type { RateLimit } from '../../http/rate-limiter';

/**
 * Upload limits (counted in PostgreSQL by RateLimiter). A person uploads a photo or a resume now
 * and then, retrying a few times at most; these are far above that and far below a script.
 */
export const UPLOADS_PER_ADDRESS: RateLimit = {
  name: 'upload-address',
  limit: 20,
  windowSeconds: 3600,
  message: 'Too many uploads from your address. Please try again in an hour.',
};
export const UPLOADS_PER_USER: RateLimit = {
  name: 'upload-user',
  limit: 20,
  windowSeconds: 3600,
  message: 'You have uploaded too many files in the last hour. Please try again later.',
};
/** Upload tokens handed out to signed-out forms, per address. */
export const UPLOAD_TOKENS_PER_ADDRESS: RateLimit = {
  name: 'upload-token-address',
  limit: 30,
  windowSeconds: 3600,
  message: 'Too many upload requests from your address. Please try again in an hour.',
};

/** Bytes are counted in units of 64 KiB (a started unit counts whole), so a quota is a hit count. */
export const QUOTA_UNIT_BYTES = 64 * 1024;
export const quotaUnits = (bytes: number): number => Math.max(1, Math.ceil(bytes / QUOTA_UNIT_BYTES));
const MB_UNITS = (1024 * 1024) / QUOTA_UNIT_BYTES;

export const USER_DAILY_MB = 50;
export const ADDRESS_DAILY_MB = 100;
export const USER_DAILY_BYTES: RateLimit = {
  name: 'upload-bytes-user',
  limit: USER_DAILY_MB * MB_UNITS,
  windowSeconds: 86_400,
  message: `You have uploaded ${USER_DAILY_MB} MB in the last 24 hours, the most a day allows. Please try again tomorrow.`,
};
export const ADDRESS_DAILY_BYTES: RateLimit = {
  name: 'upload-bytes-address',
  limit: ADDRESS_DAILY_MB * MB_UNITS,
  windowSeconds: 86_400,
  message: `Your address has uploaded ${ADDRESS_DAILY_MB} MB in the last 24 hours, the most a day allows. Please try again tomorrow.`,
};
