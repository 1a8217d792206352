import type pg from 'pg';

/** A lead of the merged account and the survivor's lead it folds into, with the duplicate's name. */
export type LeadFoldCandidate = { readonly mergedLeadId: string; readonly survivorLeadId: string; readonly mergedName: string };

/**
 * Which leads a merge of `mergedUserId` into `survivorUserId` folds (issue 18): each lead of the
 * merged account goes into the survivor's lead on the same site, else into one of the same office
 * (its oldest); a lead with neither stays as it is (the person's only lead there). Read when the
 * merge is asked, and written into its event, so that every replay folds the same leads.
 */
export async function leadFoldCandidates(db: pg.Pool, survivorUserId: string, mergedUserId: string): Promise<LeadFoldCandidate[]> {
  const { rows } = await db.query<{ merged: string; survivor: string; name: string }>(
    `SELECT m.lead_id AS merged, s.lead_id AS survivor, m.full_name AS name
     FROM lead_feed m
     JOIN LATERAL (
       SELECT s.lead_id FROM lead_feed s
       WHERE s.user_id = $1 AND (s.site_id = m.site_id OR (m.office_id IS NOT NULL AND s.office_id = m.office_id))
       ORDER BY (s.site_id = m.site_id) DESC, s.created_at, s.lead_id LIMIT 1
     ) s ON true
     WHERE m.user_id = $2
     ORDER BY m.created_at, m.lead_id`,
    [survivorUserId, mergedUserId],
  );
  return rows.map((r) => ({ mergedLeadId: r.merged, survivorLeadId: r.survivor, mergedName: r.name }));
}

/** The lead a merged lead's rows show under now, or null when it is not folded. */
export async function survivorOfLead(db: pg.Pool, leadId: string): Promise<string | null> {
  const { rows } = await db.query<{ survivor_lead_id: string }>('SELECT survivor_lead_id FROM lead_feed_merges WHERE merged_lead_id = $1', [leadId]);
  return rows[0]?.survivor_lead_id ?? null;
}
