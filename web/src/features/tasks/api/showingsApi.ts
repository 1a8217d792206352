import { request } from '../../../api/http';
import type { ShowingView } from '../../../../../src/contract/showings';
import type { TaskView } from '../../../../../src/contract/tasks';

export type { ShowingView };
export type ShowingChange = { readonly status?: 'confirmed' | 'cancelled' | 'done'; readonly start?: string; readonly end?: string };
export type Proposal = { readonly pdid: string; readonly start: string; readonly end?: string; readonly status?: 'requested' | 'confirmed' };
export type Calendar = { readonly timeZone: string; readonly showings: readonly ShowingView[]; readonly tasks: readonly TaskView[] };

/** Showings and the calendar (contract section 5b). */
export const showingsApi = {
  ofLead: (leadId: string) => request<{ showings: readonly ShowingView[] }>('GET', `/api/dashboard/showings?leadId=${encodeURIComponent(leadId)}`),
  propose: (leadId: string, p: Proposal) => request<{ showingId: string }>('POST', `/api/dashboard/leads/${encodeURIComponent(leadId)}/showings`, p),
  change: (showingId: string, c: ShowingChange) => request<{ isSuccess: boolean; showing: Pick<ShowingView, 'showingId' | 'status' | 'start' | 'end'> }>('PATCH', `/api/dashboard/showings/${encodeURIComponent(showingId)}`, c),
  calendar: (from: Date, to: Date, scope: 'mine' | 'office') =>
    request<Calendar>('GET', `/api/dashboard/calendar?${new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), scope }).toString()}`),
};
