/** One `leadgen` change of Meta's page webhook: the ids to fetch the lead by. */
export type LeadgenChange = {
  readonly leadgenId: string;
  readonly pageId: string;
  readonly formId: string | null;
  readonly adId: string | null;
  readonly adgroupId: string | null;
  /** Meta's created_time (unix seconds), as an ISO time; null when absent. */
  readonly createdAt: string | null;
};

/** Graph ids are decimal numbers as strings (Meta sends some as numbers). */
const graphId = (v: unknown): string | null => {
  const s = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : typeof v === 'string' ? v.trim() : '';
  return /^\d{1,30}$/.test(s) ? s : null;
};

/**
 * The leadgen changes of a page webhook body (`{object:"page", entry:[{id, time, changes:[{field,
 * value:{leadgen_id, page_id, form_id, ad_id, adgroup_id, created_time}}]}]}`); other objects and
 * fields (a page's feed, its messages) and changes without a leadgen id are left out. Null when
 * the body is not that shape at all.
 */
export function leadgenChangesOf(body: unknown): LeadgenChange[] | null {
  const b = body as { object?: unknown; entry?: unknown } | null;
  if (!b || typeof b !== 'object' || !Array.isArray(b.entry)) return null;
  if (b.object !== 'page') return [];
  const out: LeadgenChange[] = [];
  for (const entry of b.entry as { id?: unknown; changes?: unknown }[]) {
    if (!entry || !Array.isArray(entry.changes)) continue;
    for (const change of entry.changes as { field?: unknown; value?: Record<string, unknown> }[]) {
      if (change?.field !== 'leadgen' || !change.value || typeof change.value !== 'object') continue;
      const v = change.value;
      const leadgenId = graphId(v.leadgen_id);
      const pageId = graphId(v.page_id) ?? graphId(entry.id);
      if (!leadgenId || !pageId) continue;
      const created = typeof v.created_time === 'number' ? new Date(v.created_time * 1000) : null;
      out.push({
        leadgenId,
        pageId,
        formId: graphId(v.form_id),
        adId: graphId(v.ad_id),
        adgroupId: graphId(v.adgroup_id),
        createdAt: created && !Number.isNaN(created.getTime()) ? created.toISOString() : null,
      });
    }
  }
  return out;
}
