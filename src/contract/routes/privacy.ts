import { z } from 'zod';
import { routes } from '../route';

const Erased = z.strictObject({ isSuccess: z.literal(true), erasedAt: z.string() });
/** JSON by default (a download); `format=html` a readable page. */
const ExportQuery = z.strictObject({ format: z.string().max(10).optional() });
const AccountParams = z.strictObject({ userId: z.string() });

/** A person's data out (export) and the person forgotten (erasure), by themself or by staff on their request. */
export const privacyRoutes = routes('privacy', {
  exportMine: {
    method: 'GET',
    path: 'api/account/export',
    summary: 'Everything Porchlight holds about me, as a JSON download (format=html: a readable page)',
    tag: 'privacy',
    access: 'signed in',
    query: ExportQuery,
    responses: { 200: z.unknown() },
  },
  eraseMine: {
    method: 'POST',
    path: 'api/account/erase',
    summary: 'Erase my account, with my password re-entered (erased at once) or without it (a one-use confirmation link is mailed)',
    tag: 'privacy',
    access: 'signed in',
    body: z.strictObject({ password: z.string().max(200).optional() }),
    responses: { 200: z.union([Erased, z.strictObject({ isSuccess: z.literal(true), linkSent: z.literal(true), message: z.string() })]) },
  },
  eraseByLink: {
    method: 'POST',
    path: 'api/account/erase/confirm',
    summary: 'Erase the account a mailed confirmation link names (the page at /account/erase posts it); works once',
    tag: 'privacy',
    access: 'anyone',
    body: z.strictObject({ token: z.string().max(300) }),
    responses: { 200: Erased },
  },
  exportAccount: {
    method: 'GET',
    path: 'api/backoffice/accounts/:userId/export',
    summary: "Everything Porchlight holds about an account's person, as a JSON download (format=html: readable)",
    tag: 'Back-office',
    access: 'staff',
    params: AccountParams,
    query: ExportQuery,
    responses: { 200: z.unknown() },
  },
  eraseAccount: {
    method: 'POST',
    path: 'api/backoffice/accounts/:userId/erase',
    summary: "Erase an account on its person's request: keys destroyed, read models blanked, history kept",
    tag: 'Back-office',
    access: 'staff',
    params: AccountParams,
    // Twice the reason's limit here: the reason's own check (500 characters) answers with a clearer message.
    body: z.strictObject({ reason: z.string().max(1000) }),
    responses: { 200: Erased },
  },
  eraseAddress: {
    method: 'POST',
    path: 'api/backoffice/privacy/erase-address',
    summary:
      "Erase, on the request of a person who has no account, what is kept under an e-mail address alone: listing reports e-mailed to it and intake items kept from it (their keys destroyed), and finished messages to it; the record counts them, never the address. 400 for no reason or a bad address, 409 for an account's address (erase the account instead)",
    tag: 'Back-office',
    access: 'staff',
    body: z.strictObject({ email: z.string().max(320), reason: z.string().max(1000) }),
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), listingReports: z.number(), intakeItems: z.number() }) },
  },
});
