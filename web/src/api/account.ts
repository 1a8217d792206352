import { request } from './http';
import { api } from './contract-client';
import { contract } from '../../../src/contract/routes';
import type { BodyInput } from '../../../src/contract/route';

/** The signed-in user (GET /api/account/me), the fields the app shell and account screens use. */
export type CurrentUser = {
  readonly securityLevel: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly userDID: string;
  readonly dashboardUrl: string | null;
  /** Set while staff act as this user (impersonation). */
  readonly impersonatorId: string | null;
  readonly impersonationEndsAt: string | null;
  /** ###-###-#### for a valid cell, '' when none. */
  readonly cellPhone?: string;
  readonly validCellPhone?: boolean;
  readonly count_Login?: number;
  readonly user_IsImport?: boolean;
  readonly user_Import_OptedIn?: boolean;
  readonly user_UnsubscribeText?: boolean;
  readonly user_UnsubscribeEmail?: boolean;
  readonly On_PropertyAlerts?: boolean;
  readonly On_PropertyUpdates?: boolean;
  readonly photoLocation?: string | null;
  readonly hasPassword?: boolean;
  /** The address is confirmed as the user's (sharing a listing needs it). */
  readonly emailVerified?: boolean;
};

export const currentUser = () => request<CurrentUser>('GET', '/api/account/me');

/** Who is signed in, if anyone (GET /api/account/session): signed out is an answer, not an error. */
export const currentSession = () => request<{ readonly signedIn: true; readonly user: CurrentUser } | { readonly signedIn: false }>('GET', '/api/account/session');

/** Ends impersonation: back to the staff member's own session. */
export const endImpersonation = () => request<{ isSuccess: true; callbackUrl: string | null; reload: boolean }>('DELETE', '/api/account/become');

export type LoginResult =
  | { readonly isSuccess: true; readonly userInfo: { readonly securityLevel: number; readonly dashboardUrl: string | null } }
  | { readonly isSuccess: false; readonly message: string };

export const login = (Email: string, password: string) =>
  request<LoginResult>('POST', '/api/account/login', {
    Email,
    password,
    // The offset as the spec's payload has it (minutes, east positive) and the IANA name.
    Timezone: -new Date().getTimezoneOffset(),
    TimezoneName: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined,
  });

export const logout = () => request<{ isSuccess: true }>('POST', '/api/account/logout', {});

/** The inquiry payload of the product description (section 3) plus the listing's pdid. */
export type InquiryPayload = BodyInput<typeof contract.leads.inquiry>;
export const sendInquiry = (body: InquiryPayload) => api(contract.leads.inquiry, { body });

export const forgotPassword = (Email: string) => request<{ isSuccess: true; message: string }>('POST', '/api/account/forgotpassword', { Email });
export const changePassword = (CurrentPassword: string, NewPassword: string) => request<{ isSuccess: true }>('POST', '/api/account/password', { CurrentPassword, NewPassword });
export const resetPassword = (token: string, password: string) => request<{ isSuccess: true }>('POST', '/api/account/resetpassword', { token, password });

export type AccountUpdate = {
  readonly CellPhone?: string;
  readonly PhotoLocation?: string | null;
  readonly UnsubscribeEmail?: boolean;
  readonly UnsubscribeText?: boolean;
  readonly On_PropertyAlerts?: boolean;
  readonly On_PropertyUpdates?: boolean;
};
export const updateAccount = (body: AccountUpdate) => request<{ isSuccess: true; cellPhone: string }>('POST', '/api/account/update', body);
export const importOptIn = () => request<{ isSuccess: true }>('POST', '/api/account/importoptin', {});

/** Mails the signed-in user a link to confirm their e-mail address. */
export const sendEmailConfirmation = () => request<{ isSuccess: true; alreadyVerified: boolean; message: string }>('POST', '/api/account/verifyemail/send', {});
/** The confirmation link's token (from /account/verifyemail?token=). */
export const confirmEmail = (token: string) => request<{ isSuccess: true; message: string }>('POST', '/api/account/verifyemail', { token });

export const applyCommunicationLink = (token: string, action: string) =>
  request<{ isSuccess: true; title: string; text: string }>('POST', '/api/account/communication', { token, action });

/** A signed-out form's one-upload permission (POST /api/upload/token), sent as X-Upload-Token. */
export const uploadToken = () => request<{ token: string; expiresAt: string }>('POST', '/api/upload/token', { form: 'inquiry' });

/** POST /api/upload (multipart, field `file`): the stored file's address on this site. */
export async function uploadFile(file: File, token?: string): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch('/api/upload?object=uploads&action=uploadfiles', { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json', ...(token ? { 'X-Upload-Token': token } : {}) } });
  } catch {
    throw new Error('The server cannot be reached');
  }
  const data = (await res.json().catch(() => null)) as { message?: string; data?: { files?: { FileURL: string }[] } } | null;
  const url = data?.data?.files?.[0]?.FileURL;
  if (!res.ok || !url) throw new Error(data?.message ?? `HTTP ${res.status}`);
  return url;
}

/** Erases the signed-in account for good (issue 18); the password is asked again. */
export const eraseOwnAccount = (password: string) => request<{ isSuccess: true; erasedAt: string }>('POST', '/api/account/erase', { password });
/** Asks for a one-use link by e-mail to confirm erasing the signed-in account (the way without a password). */
export const askErasureLink = () => request<{ isSuccess: true; linkSent: true; message: string }>('POST', '/api/account/erase', {});
/** Erases the account a mailed confirmation link names (the page's button; never on opening the link). */
export const eraseByLink = (token: string) => request<{ isSuccess: true; erasedAt: string }>('POST', '/api/account/erase/confirm', { token });
