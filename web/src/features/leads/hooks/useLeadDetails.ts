import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { navigate } from '../../../app/location';
import { dashboardApi } from '../../../api/dashboardApi';
import type { ResponseOf } from '../../../../../src/contract/route';
import type { contract } from '../../../../../src/contract/routes';
import { addressWithLead } from '../components/MergedFrom';

export type Details = ResponseOf<typeof contract.leads.feedLead>;

export const leadDetailsKey = (leadId: string) => ['dashboard', 'lead', leadId] as const;

/**
 * The open lead with its timeline and notes, read by its id: while another lead's answer is
 * still on its way it is cancelled, and should it arrive anyway it is kept under that lead's id,
 * never shown for this one. `update` applies a push to a lead's copy; `reload` reads it again.
 */
export function useLeadDetails(leadId: string | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: leadDetailsKey(leadId ?? ''),
    queryFn: ({ signal }) => dashboardApi.lead(leadId!, signal),
    enabled: leadId !== null,
  });
  const details = leadId !== null ? (query.data ?? null) : null;
  // A merged lead's old address answers with the lead it was merged into (issue 18): show its address.
  const answered = details?.lead.leadId;
  useEffect(() => {
    if (leadId !== null && answered !== undefined && answered !== leadId) navigate(addressWithLead(answered), { replace: true });
  }, [leadId, answered]);
  const update = useCallback(
    (id: string, change: (d: Details) => Details) => client.setQueryData<Details>(leadDetailsKey(id), (cur) => (cur ? change(cur) : cur)),
    [client],
  );
  const reload = useCallback((id: string) => void client.invalidateQueries({ queryKey: leadDetailsKey(id) }), [client]);
  return { details, loading: leadId !== null && query.isPending, failed: leadId !== null && query.isError, update, reload };
}
