import { z } from 'zod';
import { AccountUpdateSchema, CurrentUserSchema, SocialSignInSchema } from '../account';
import { Done, oneOf } from '../fields';
import { COMMUNICATION_MARKERS } from '../prompt-rules';
import { routes } from '../route';

const TAG = 'Account';
const Empty = z.strictObject({});
const WithMessage = z.strictObject({ isSuccess: z.literal(true), message: z.string() });
const Validity = z.strictObject({ isValid: z.boolean() });
const INVALID_LINK = 'This link is not valid';
/** A communication link's token in the query; anything else is not a link we sent. */
const linkToken = (min: number) =>
  z
    .custom<string>((v) => typeof v === 'string' && v.length >= min && v.length <= 300, { error: INVALID_LINK })
    .meta({ type: 'string', minLength: min, maxLength: 300 });

/** Signing in and out, the signed-in person's account, passwords, e-mail confirmation and communication links (contract sections 2, 3 and 7). */
export const accountRoutes = routes('account', {
  me: {
    method: 'GET',
    path: 'api/account/me',
    summary: 'The signed-in user and what the account screen shows',
    tag: TAG,
    access: 'signed in',
    responses: { 200: CurrentUserSchema },
  },
  session: {
    method: 'GET',
    path: 'api/account/session',
    summary: 'Who is signed in, if anyone (signed out is an answer, not an error)',
    tag: TAG,
    access: 'anyone',
    responses: { 200: z.union([z.strictObject({ signedIn: z.literal(true), user: CurrentUserSchema }), z.strictObject({ signedIn: z.literal(false) })]) },
  },
  login: {
    method: 'POST',
    path: 'api/account/login',
    summary: 'Sign in with e-mail and password (a wrong pair answers isSuccess false)',
    tag: TAG,
    access: 'anyone',
    body: z.strictObject({
      Email: z.string().max(320),
      password: z.string().max(1024),
      /** The browser's offset in minutes, east positive. */
      Timezone: z.union([z.number(), z.string().max(16)]).optional(),
      TimezoneName: z.string().max(64).optional(),
    }),
    responses: {
      200: z.union([
        z.strictObject({ isSuccess: z.literal(true), userInfo: z.strictObject({ securityLevel: z.number(), dashboardUrl: z.string().nullable() }) }),
        z.strictObject({ isSuccess: z.literal(false), message: z.string() }),
      ]),
    },
  },
  logout: {
    method: 'POST',
    path: 'api/account/logout',
    summary: 'Sign out: every session of the user ends, and their sockets',
    tag: TAG,
    access: 'anyone',
    body: Empty,
    responses: { 200: Done },
  },
  google: {
    method: 'POST',
    path: 'api/account/social/google',
    summary: 'Sign in or register with a Google ID token verified on the server',
    tag: TAG,
    access: 'anyone',
    body: z.strictObject({ credential: z.string().min(1).max(8192) }),
    responses: { 200: SocialSignInSchema },
  },
  facebook: {
    method: 'POST',
    path: 'api/account/facebooksignin',
    summary: 'Sign in or register with a Facebook access token verified on the server',
    tag: TAG,
    access: 'anyone',
    body: z.strictObject({ accessToken: z.string().min(1).max(4096) }),
    responses: { 200: SocialSignInSchema },
  },
  update: {
    method: 'POST',
    path: 'api/account/update',
    summary: 'Change the account settings (cell phone, photo, communication consent)',
    tag: TAG,
    access: 'signed in',
    body: AccountUpdateSchema,
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), cellPhone: z.string() }) },
  },
  importOptIn: {
    method: 'POST',
    path: 'api/account/importoptin',
    summary: 'An imported user agrees to be texted again',
    tag: TAG,
    access: 'signed in',
    body: Empty,
    responses: { 200: Done },
  },
  forgotPassword: {
    method: 'POST',
    path: 'api/account/forgotpassword',
    summary: 'Mail a link to choose a new password (the same answer whether or not an account has the address)',
    tag: TAG,
    access: 'anyone',
    body: z.strictObject({ Email: z.string().max(320) }),
    responses: { 200: WithMessage },
  },
  resetPassword: {
    method: 'POST',
    path: 'api/account/resetpassword',
    summary: 'Set the password from a one-time link; every session of the account ends',
    tag: TAG,
    access: 'anyone',
    body: z.strictObject({ token: z.string().max(200), password: z.string().max(1024) }),
    responses: { 200: Done },
  },
  changePassword: {
    method: 'POST',
    path: 'api/account/password',
    summary: 'Change the password (the current one re-entered); other sessions end',
    tag: TAG,
    access: 'signed in',
    body: z.strictObject({ CurrentPassword: z.string().max(1024), NewPassword: z.string().max(1024) }),
    responses: { 200: Done },
  },
  sendEmailConfirmation: {
    method: 'POST',
    path: 'api/account/verifyemail/send',
    summary: 'Mail the signed-in user a link to confirm their address (at most 3 an hour)',
    tag: TAG,
    access: 'signed in',
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), alreadyVerified: z.boolean(), message: z.string() }) },
  },
  confirmEmail: {
    method: 'POST',
    path: 'api/account/verifyemail',
    summary: "Confirm the account's address with the mailed link's token (the mailbox is the proof)",
    tag: TAG,
    access: 'anyone',
    body: z.strictObject({ token: z.string().max(300) }),
    responses: { 200: WithMessage },
  },
  communication: {
    method: 'POST',
    path: 'api/account/communication',
    summary: 'Apply a communication link from an e-mail (unsubscribe, alerts off...), then show the banner',
    tag: TAG,
    access: 'anyone',
    body: z.strictObject({ token: z.string().max(300), action: z.enum(COMMUNICATION_MARKERS) }),
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), title: z.string(), text: z.string() }) },
  },
  oneClickPage: {
    method: 'GET',
    path: 'api/account/unsubscribe/oneclick',
    summary: "The one-click unsubscribe address opened in a browser: redirected to the site's unsubscribe link, which applies it",
    tag: TAG,
    access: 'anyone',
    query: z.strictObject({ token: linkToken(1) }),
    responses: { 303: z.undefined() },
  },
  oneClick: {
    method: 'POST',
    path: 'api/account/unsubscribe/oneclick',
    summary: 'RFC 8058 one-click unsubscribe, posted by the mail provider (no session, no Origin)',
    tag: TAG,
    access: 'anyone',
    query: z.strictObject({ token: linkToken(0) }),
    consumes: 'application/x-www-form-urlencoded',
    // A provider may post other fields too: only this one is read.
    body: z.object({ 'List-Unsubscribe': oneOf(['One-Click'] as const, 'Expected List-Unsubscribe=One-Click') }),
    responses: { 200: Done },
  },
  endImpersonation: {
    method: 'DELETE',
    path: 'api/account/become',
    summary: 'End impersonation ("become user"): the staff member\'s own session again, and where to go back to',
    tag: TAG,
    access: 'a session that impersonates',
    responses: { 200: z.strictObject({ isSuccess: z.literal(true), callbackUrl: z.string().nullable(), reload: z.boolean() }) },
  },
  validateEmail: {
    method: 'GET',
    path: 'api/contactinfo/validate/email/:value',
    summary: "Whether an e-mail address passes the server's rules (a form's live check)",
    tag: TAG,
    access: 'anyone',
    params: z.strictObject({ value: z.string() }),
    responses: { 200: Validity },
  },
  validatePhone: {
    method: 'GET',
    path: 'api/contactinfo/validate/phone/:value',
    summary: "Whether a cell phone number passes the server's rules (a form's live check)",
    tag: TAG,
    access: 'anyone',
    params: z.strictObject({ value: z.string() }),
    responses: { 200: Validity },
  },
});
