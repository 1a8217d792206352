import { z } from 'zod';
import { MLS_NAME } from '../../listings';
import { FEED_PAGING, FEED_RESOURCE_NAMES } from '../../../contract/feeds';
import { canonicalTimeZone } from '../../../contract/time-zone';

/**
 * What staff give to add or change a feed (back-office form and `npm run feed -- add`): every
 * field but the name optional on a change (what is left out stays as it was; a secret left out
 * is kept). Secrets arrive here in clear and are sealed before any event is decided.
 */
const httpUrl = (what: string) =>
  z
    .string()
    .max(2000)
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
      } catch {
        return false;
      }
    }, { error: `${what} must be an http(s) URL without a user name or password in it` });

export const FeedAuthInput = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('oauth2'),
    tokenUrl: httpUrl('The token URL'),
    clientId: z.string().min(1).max(500),
    clientSecret: z.string().min(1).max(2000).optional(),
    scope: z.string().max(500).nullable().optional(),
  }),
  z.strictObject({ kind: z.literal('bearer'), token: z.string().min(1).max(5000).optional() }),
  z.strictObject({ kind: z.literal('none') }),
]);

export const FeedInput = z.strictObject({
  name: z.string().regex(MLS_NAME, { error: 'The feed name must be 1 to 32 letters, digits or underscores (it is the pdid prefix)' }),
  url: httpUrl('The service root URL').optional(),
  auth: FeedAuthInput.optional(),
  resources: z.array(z.enum(FEED_RESOURCE_NAMES, { error: `resources are ${FEED_RESOURCE_NAMES.join(', ')}` })).max(5).optional(),
  timeZone: z.string().max(100).refine(isTimeZone, { error: 'The time zone must be an IANA name such as America/Chicago' }).optional(),
  pageSize: z.number().int().min(1, { error: 'The page size must be 1 to 10000' }).max(10_000, { error: 'The page size must be 1 to 10000' }).optional(),
  pollIntervalSeconds: z.number().int().min(60, { error: 'The poll interval must be at least 1 minute' }).max(7 * 86_400, { error: 'The poll interval must be at most 7 days' }).optional(),
  filter: z.string().max(2000).nullable().optional(),
  paging: z.enum(FEED_PAGING, { error: `paging is ${FEED_PAGING.join(', ')}` }).optional(),
  disclaimer: z.string().max(4000).nullable().optional(),
});
export type FeedInput = z.infer<typeof FeedInput>;

export function isTimeZone(zone: string): boolean {
  return canonicalTimeZone(zone) !== null;
}

/** `15m`, `1h`, `90s`, `2d` or a number of seconds, as the CLI's --interval takes it. */
export function parseInterval(text: string): number | null {
  const m = /^(\d+)\s*(s|m|h|d)?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * { s: 1, m: 60, h: 3600, d: 86_400 }[(m[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
}
