import { z } from 'zod';
import { FEED_PAGING, FEED_RESOURCE_NAMES } from './feeds';
import { canonicalTimeZone } from './time-zone';

/** A feed's name: the prefix of its listings' pdid (the listing importer's MLS name). */
export const FEED_NAME = /^[A-Za-z0-9_]{1,32}$/;

export function isTimeZone(zone: string): boolean {
  return canonicalTimeZone(zone) !== null;
}

const httpUrl = (what: string) =>
  z
    .string()
    .max(2000)
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
        } catch {
          return false;
        }
      },
      { error: `${what} must be an http(s) URL without a user name or password in it` },
    );

const FeedAuthInput = z.discriminatedUnion('kind', [
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

/**
 * What staff give to add or change a feed (back-office form and `npm run feed -- add`): every
 * field but the name optional on a change (what is left out stays as it was; a secret left out
 * is kept). Secrets arrive here in clear and are sealed before any event is decided.
 */
export const FeedInput = z.strictObject({
  name: z.string().regex(FEED_NAME, { error: 'The feed name must be 1 to 32 letters, digits or underscores (it is the pdid prefix)' }),
  url: httpUrl('The service root URL').optional(),
  auth: FeedAuthInput.optional(),
  resources: z
    .array(z.enum(FEED_RESOURCE_NAMES, { error: `resources are ${FEED_RESOURCE_NAMES.join(', ')}` }))
    .max(5)
    .readonly()
    .optional(),
  timeZone: z.string().max(100).refine(isTimeZone, { error: 'The time zone must be an IANA name such as America/Chicago' }).optional(),
  pageSize: z.number().int().min(1, { error: 'The page size must be 1 to 10000' }).max(10_000, { error: 'The page size must be 1 to 10000' }).optional(),
  pollIntervalSeconds: z
    .number()
    .int()
    .min(60, { error: 'The poll interval must be at least 1 minute' })
    .max(7 * 86_400, { error: 'The poll interval must be at most 7 days' })
    .optional(),
  filter: z.string().max(2000).nullable().optional(),
  paging: z.enum(FEED_PAGING, { error: `paging is ${FEED_PAGING.join(', ')}` }).optional(),
  disclaimer: z.string().max(4000).nullable().optional(),
});
export type FeedInput = z.infer<typeof FeedInput>;

// The refusals name the field as the setup form does.
const filled = (max: number, what: string) =>
  z
    .string()
    .max(max)
    .refine((v) => v.trim().length > 0, { error: `Please enter the ${what}` });
const TestAuth = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('oauth2'),
    tokenUrl: httpUrl('The token URL'),
    clientId: filled(500, 'client ID'),
    clientSecret: filled(2000, 'client secret'),
    scope: z.string().max(500).nullable().optional(),
  }),
  z.strictObject({ kind: z.literal('bearer'), token: filled(5000, 'access token') }),
  z.strictObject({ kind: z.literal('none') }),
]);
/** What the setup screen tests: the settings it is about to save, secrets in clear (never stored by a test). */
export const FeedTestInput = z.strictObject({
  url: httpUrl('The service root URL'),
  auth: TestAuth,
  resources: FeedInput.shape.resources.unwrap().default(['Property']),
  filter: z.string().max(2000).nullable().default(null),
});
