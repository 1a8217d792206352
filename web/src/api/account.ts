import type { AccountUpdate } from '../../../src/contract/account';
import { contract } from '../../../src/contract/routes';
import type { ResponseOf } from '../../../src/contract/route';
import type { CommunicationMarker } from '../../../src/contract/prompt-rules';
import { api, urlOf } from './contract-client';
import { request } from './http';

export type { AccountUpdate, CurrentUser } from '../../../src/contract/account';

/** The signed-in user, the fields the app shell and account screens use. */
export const currentUser = () => api(contract.account.me);

/** Who is signed in, if anyone: signed out is an answer, not an error. */
export const currentSession = () => api(contract.account.session);

/** Ends impersonation: back to the staff member's own session. */
export const endImpersonation = () => api(contract.account.endImpersonation);

export const login = (Email: string, password: string) =>
  api(contract.account.login, {
    body: {
      Email,
      password,
      // The offset as the spec's payload has it (minutes, east positive) and the IANA name.
      Timezone: -new Date().getTimezoneOffset(),
      TimezoneName: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined,
    },
  });

export const logout = () => api(contract.account.logout, { body: {} });

/** The inquiry payload of the product description (section 3) plus the listing's pdid. */
export type InquiryPayload = Readonly<Record<string, string | boolean | undefined>> & { readonly pdid?: string };
export const sendInquiry = (body: InquiryPayload) => request<{ isSuccess: true; leadId: string }>('POST', '/api/account/inquiry', body);

export const forgotPassword = (Email: string) => api(contract.account.forgotPassword, { body: { Email } });
export const changePassword = (CurrentPassword: string, NewPassword: string) => api(contract.account.changePassword, { body: { CurrentPassword, NewPassword } });
export const resetPassword = (token: string, password: string) => api(contract.account.resetPassword, { body: { token, password } });

export const updateAccount = (body: AccountUpdate) => api(contract.account.update, { body });
export const importOptIn = () => api(contract.account.importOptIn, { body: {} });

/** Mails the signed-in user a link to confirm their e-mail address. */
export const sendEmailConfirmation = () => api(contract.account.sendEmailConfirmation);
/** The confirmation link's token (from /account/verifyemail?token=). */
export const confirmEmail = (token: string) => api(contract.account.confirmEmail, { body: { token } });

export const applyCommunicationLink = (token: string, action: CommunicationMarker) => api(contract.account.communication, { body: { token, action } });

/** Google's ID token, checked by the server. */
export const googleSignIn = (credential: string) => api(contract.account.google, { body: { credential } });
/** Facebook's access token, checked by the server. */
export const facebookSignIn = (accessToken: string) => api(contract.account.facebook, { body: { accessToken } });

/** A signed-out form's one-upload permission, sent as X-Upload-Token. */
export const uploadToken = () => api(contract.uploads.token, { body: { form: 'inquiry' } });

/** POST /api/upload (multipart, field `file`): the stored file's address on this site. */
export async function uploadFile(file: File, token?: string): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(urlOf(contract.uploads.upload, { query: { object: 'uploads', action: 'uploadfiles' } }), {
      method: contract.uploads.upload.method,
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(token ? { 'X-Upload-Token': token } : {}) },
    });
  } catch {
    throw new Error('The server cannot be reached');
  }
  const data = (await res.json().catch(() => null)) as (Partial<ResponseOf<typeof contract.uploads.upload>> & { message?: string }) | null;
  const url = data?.data?.files[0]?.FileURL;
  if (!res.ok || !url) throw new Error(data?.message ?? `HTTP ${res.status}`);
  return url;
}

/** Erases the signed-in account for good; the password is asked again. */
export const eraseOwnAccount = (password: string) => api(contract.privacy.eraseMine, { body: { password } });
/** Asks for a one-use link by e-mail to confirm erasing the signed-in account (the way without a password). */
export const askErasureLink = () => api(contract.privacy.eraseMine, { body: {} });
/** Erases the account a mailed confirmation link names (the page's button; never on opening the link). */
export const eraseByLink = (token: string) => api(contract.privacy.eraseByLink, { body: { token } });
/** The signed-in person's data as a download (ExportLinks adds `?format=html` for the readable page). */
export const ownExportUrl = () => urlOf(contract.privacy.exportMine);
/** Staff: an account's person's data, the same two ways. */
export const accountExportUrl = (userId: string) => urlOf(contract.privacy.exportAccount, { params: { userId } });
