import type { AccountUpdate } from '../../../src/contract/account';
import { contract } from '../../../src/contract/routes';
import type { ResponseOf } from '../../../src/contract/route';
import { api, urlOf } from './contract-client';
import type { BodyInput } from '../../../src/contract/route';

export type { AccountUpdate, CurrentUser } from '../../../src/contract/account';

/** The signed-in user, the fields the app shell and account screens use. */
export const currentUser = () => api(contract.account.me);

/** Who is signed in, if anyone: signed out is an answer, not an error. */
export const currentSession = () => api(contract.account.session);

/** Ends impersonation: back to the staff member's own session. */
export const endImpersonation = () => api(contract.account.endImpersonation);

/** The inquiry payload of the product description (section 3) plus the listing's pdid. */
export type InquiryPayload = BodyInput<typeof contract.leads.inquiry>;
export const sendInquiry = (body: InquiryPayload) => api(contract.leads.inquiry, { body });

export const updateAccount = (body: AccountUpdate) => api(contract.account.update, { body });

/** Mails the signed-in user a link to confirm their e-mail address. */
export const sendEmailConfirmation = () => api(contract.account.sendEmailConfirmation);

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

/** Staff: an account's person's data, as a download (ExportLinks adds `?format=html` for the readable page). */
export const accountExportUrl = (userId: string) => urlOf(contract.privacy.exportAccount, { params: { userId } });
