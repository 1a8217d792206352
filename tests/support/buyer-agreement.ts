import { multipartFile, type WebClient } from './web-client';

/** A small PDF the upload route accepts (checked by content). */
export const SIGNED_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n', 'latin1');

/** Uploads a document as the signed-in office member; answers its uploadId (the stored name). */
export async function uploadDocument(c: WebClient): Promise<string> {
  const up = await c.request('POST', '/api/upload?object=uploads&action=uploadfiles', {
    raw: multipartFile('file', 'agreement.pdf', SIGNED_PDF, 'application/pdf'),
  });
  if (up.status !== 201) throw new Error(`upload answered ${up.status}`);
  return up.body.data.files[0].FileName as string;
}

/**
 * Gives the lead a signed buyer agreement (an uploaded signed copy) in force over the term, as an
 * agent does before confirming showings (contract section 13). Answers its id.
 */
export async function signedAgreement(c: WebClient, leadId: string, term = { startsOn: '2020-01-01', endsOn: '2099-12-31' }): Promise<string> {
  const created = await c.post(`/api/dashboard/leads/${leadId}/agreements`, { type: 'touring', compensation: { kind: 'percent', value: 2.5 }, ...term });
  if (created.status !== 201) throw new Error(`agreement answered ${created.status}: ${JSON.stringify(created.body)}`);
  const agreementId = created.body.agreementId as string;
  const signed = await c.post(`/api/dashboard/leads/${leadId}/agreements/${agreementId}/signed-copy`, { uploadId: await uploadDocument(c) });
  if (signed.status !== 200) throw new Error(`signed copy answered ${signed.status}: ${JSON.stringify(signed.body)}`);
  return agreementId;
}
