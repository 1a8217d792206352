import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';

/** The office's Facebook pages and their lead forms (Settings → Facebook leads). */
export const facebookLeadsApi = {
  pages: () => api(contract.facebook.pages),
  connect: (pageId: string, accessToken: string) => api(contract.facebook.connect, { body: { pageId, accessToken } }),
  disconnect: (pageId: string) => api(contract.facebook.disconnect, { params: { pageId } }),
  forms: (pageId: string) => api(contract.facebook.forms, { params: { pageId } }),
  nameForm: (pageId: string, formId: string, source: string) => api(contract.facebook.nameForm, { params: { pageId, formId }, body: { source } }),
};
