import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { plansApi } from '../api/plansApi';

export const leadEnrolmentsKey = (leadId: string) => ['plans', 'lead', leadId] as const;

/**
 * A lead's enrolments, read by the lead's id: while the previous lead's answer is on its way it
 * is cancelled, and should it arrive anyway it is kept under that lead, never shown for this one.
 * Read again when `changedAt` (the newest plan line of the timeline) moves, and on `reload`.
 */
export function useLeadEnrolments(leadId: string, changedAt: string | undefined) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: leadEnrolmentsKey(leadId), queryFn: ({ signal }) => plansApi.ofLead(leadId, signal) });
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: leadEnrolmentsKey(leadId) }), [client, leadId]);
  // The first read is the query's own; a later plan line means the enrolments moved.
  const seen = useRef(changedAt);
  useEffect(() => {
    if (seen.current === changedAt) return;
    seen.current = changedAt;
    reload();
  }, [changedAt, reload]);
  return { enrolments: query.data?.enrolments ?? null, error: query.error, reload };
}
