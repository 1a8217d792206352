/** The signed-in person's account as the server answers it and the web app reads it (contract section 3). */

import { z } from 'zod';

/** GET /api/account/me: the current user plus what the account screens show. */
export const CurrentUserSchema = z.strictObject({
  securityLevel: z.number(),
  /** The subdomain of the user's home site (null: none). */
  subdomain: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userDID: z.string(),
  gkdid: z.null(),
  mdid: z.null(),
  /** ###-###-#### for a valid cell, '' when none. */
  cellPhone: z.string(),
  validCellPhone: z.boolean(),
  count_Login: z.number(),
  user_IsImport: z.boolean(),
  user_Import_OptedIn: z.boolean(),
  user_UnsubscribeText: z.boolean(),
  user_UnsubscribeEmail: z.boolean(),
  On_PropertyAlerts: z.boolean(),
  On_PropertyUpdates: z.boolean(),
  photoLocation: z.string().nullable(),
  hasPassword: z.boolean(),
  /** The address is confirmed as the user's (sharing a listing needs it). */
  emailVerified: z.boolean(),
  dashboardUrl: z.string().nullable(),
  /** Set while staff act as this user (impersonation). */
  impersonatorId: z.string().nullable(),
  /** When the impersonation session ends (at most 30 minutes after it began); null otherwise. */
  impersonationEndsAt: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** What a social sign-in answers: signed in to a known account, or registered (then maybe the phone step). */
export const SocialSignInSchema = z.strictObject({
  isSuccess: z.literal(true),
  isNewUser: z.boolean(),
  description: z.string(),
  step: z.literal('1-phone').nullable().optional(),
});
export type SocialSignIn = z.infer<typeof SocialSignInSchema>;

/** The account settings a person may change (section 3 "Account update fields"). */
export const AccountUpdateSchema = z.strictObject({
  CellPhone: z.string().max(40).optional(),
  PhotoLocation: z.string().max(200).nullable().optional(),
  UnsubscribeEmail: z.boolean().optional(),
  UnsubscribeText: z.boolean().optional(),
  On_PropertyAlerts: z.boolean().optional(),
  On_PropertyUpdates: z.boolean().optional(),
});
export type AccountUpdate = z.infer<typeof AccountUpdateSchema>;
