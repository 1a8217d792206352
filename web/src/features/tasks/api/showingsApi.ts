import type { BodyInput, ResponseOf } from '../../../../../src/contract/route';
import { contract } from '../../../../../src/contract/routes';
import type { ShowingView } from '../../../../../src/contract/showings';
import { api } from '../../../api/contract-client';

const { showings } = contract;

export type { ShowingView };
export type ShowingChange = BodyInput<typeof showings.change>;
export type Proposal = BodyInput<typeof showings.propose>;
export type Calendar = ResponseOf<typeof showings.calendar>;

/** Showings and the calendar (contract section 5b). */
export const showingsApi = {
  ofLead: (leadId: string) => api(showings.list, { query: { leadId } }),
  propose: (leadId: string, p: Proposal) => api(showings.propose, { params: { leadId }, body: p }),
  change: (showingId: string, c: ShowingChange) => api(showings.change, { params: { showingId }, body: c }),
  calendar: (from: Date, to: Date, scope: 'mine' | 'office') => api(showings.calendar, { query: { from: from.toISOString(), to: to.toISOString(), scope } }),
};
