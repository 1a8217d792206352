import { api } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';
import type { BodyInput } from '../../../../../src/contract/route';

const { agreements } = contract;
export type NewAgreement = BodyInput<typeof agreements.create>;

/** Buyer agreements: the office's side on a lead, the broker's list, and the lead's signing link. */
export const agreementsApi = {
  ofLead: (leadId: string) => api(agreements.list, { params: { leadId } }),
  create: (leadId: string, body: NewAgreement) => api(agreements.create, { params: { leadId }, body }),
  send: (leadId: string, agreementId: string) => api(agreements.send, { params: { leadId, agreementId }, body: {} }),
  uploadSigned: (leadId: string, agreementId: string, uploadId: string) =>
    api(agreements.uploadSigned, { params: { leadId, agreementId }, body: { uploadId } }),
  void: (leadId: string, agreementId: string) => api(agreements.void, { params: { leadId, agreementId }, body: {} }),
  uncovered: () => api(agreements.uncovered),
  byLink: (t: string) => api(agreements.bySigningLink, { query: { t } }),
  sign: (t: string, name: string) => api(agreements.sign, { body: { t, name, accept: true } }),
};

/** The stored name of an uploaded document (POST /api/upload answers its address, /uploads/<name>). */
export const uploadIdOf = (url: string): string => url.replace(/^\/uploads\//, '');
