import type { DuplicatePolicy, ImportMapping, ImportSummary } from '../../../../../src/contract/lead-import';
import { ApiError } from '../../../api/http';
import type { BodyInput, ResponseOf } from '../../../../../src/contract/route';
import { api, urlOf } from '../../../api/contract-client';
import { contract } from '../../../../../src/contract/routes';
import { dashboardApi } from '../../../api/dashboardApi';

/** A site the signed-in agent or broker may add leads to (the first is the default). */
export type LeadSite = ResponseOf<typeof contract.leads.sites>['sites'][number];

/** Whether a one-word name will do on the site chosen ('' is the default, the first): the inquiry's rule, before sending. */
export const partialNameAllowed = (sites: readonly LeadSite[], siteId: string): boolean =>
  (siteId ? sites.find((s) => s.siteId === siteId) : sites[0])?.allowPartialName ?? false;

export type ImportRequest = {
  readonly file: File;
  readonly mapping: ImportMapping;
  readonly duplicates: DuplicatePolicy;
  readonly importId: string;
  readonly siteId?: string;
  readonly agentId?: string;
};

/** Leads in by hand and by file (contract section 5a). */
export const leadIoApi = {
  sites: () => api(contract.leads.sites),
  addLead: (body: BodyInput<typeof contract.leads.add>) => api(contract.leads.add, { body }),
  /** Multipart, so not through api(): the browser sets the boundary. Answers when every row is worked through. */
  async importLeads(r: ImportRequest): Promise<ImportSummary> {
    const form = new FormData();
    form.set('mapping', JSON.stringify(r.mapping));
    form.set('duplicates', r.duplicates);
    form.set('importId', r.importId);
    if (r.siteId) form.set('siteId', r.siteId);
    if (r.agentId) form.set('agentId', r.agentId);
    form.set('file', r.file, r.file.name);
    let res: Response;
    try {
      res = await fetch(urlOf(contract.leadTransfer.importLeads), {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
        body: form,
      });
    } catch {
      throw new ApiError('The server cannot be reached', 0);
    }
    const data = (await res.json().catch(() => ({}))) as ImportSummary & { message?: string };
    if (!res.ok) throw new ApiError(data.message ?? `HTTP ${res.status}`, res.status);
    return data;
  },
  progress: (importId: string) => api(contract.leadTransfer.importProgress, { params: { importId } }),
  /** Resolves once the new lead is in the viewer's list (its read model folds it a moment after the answer), or after 5 s. */
  async whenListed(leadId: string): Promise<void> {
    for (let i = 0; i < 20; i++) {
      if (
        await dashboardApi.lead(leadId).then(
          () => true,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 250));
    }
  },
  reportUrl: (importId: string) => urlOf(contract.leadTransfer.importReport, { params: { importId } }),
};
