import { z } from 'zod';
import { routes } from '../route';

/** The first-run setup page's calls, open only with the one-time token a production start printed before any account existed. */
export const setupRoutes = routes('setup', {
  check: {
    method: 'POST',
    path: 'api/setup/check',
    summary: 'Whether a first-run setup token is good (before the first account only)',
    tag: 'setup',
    access: 'anyone',
    body: z.strictObject({ token: z.string().max(100) }),
    responses: { 204: z.undefined() },
  },
  run: {
    method: 'POST',
    path: 'api/setup',
    summary: 'First-run setup: the first staff account and, optionally, the first brokerage (broker account and default site)',
    tag: 'setup',
    access: 'anyone',
    body: z.strictObject({
      token: z.string().max(100),
      email: z.string().max(320),
      name: z.string().max(121),
      password: z.string().max(200),
      brokerage: z
        .strictObject({
          name: z.string().max(80),
          brokerEmail: z.string().max(320),
          brokerName: z.string().max(121),
          subdomain: z.string().max(63),
          domain: z.string().max(253).nullable().optional(),
        })
        .optional(),
    }),
    responses: { 201: z.strictObject({ signInUrl: z.string(), siteUrl: z.string().nullable() }) },
  },
});
