import { api } from '../../api/contract-client';
import { contract } from '../../../../src/contract/routes';
import type { LeadShowingView } from '../../../../src/contract/showings';

export type { LeadShowingView };

const { showingAnswers } = contract;

/** The lead's side of their showings: the list, accepting a proposed time, cancelling; and the proposal e-mail's link. */
export const showingsAnswerApi = {
  mine: () => api(showingAnswers.mine),
  accept: (showingId: string, sequence: number) => api(showingAnswers.accept, { params: { showingId }, body: { sequence } }),
  cancel: (showingId: string) => api(showingAnswers.cancel, { params: { showingId }, body: {} }),
  byLink: (token: string) => api(showingAnswers.byLink, { query: { t: token } }),
  acceptByLink: (token: string) => api(showingAnswers.acceptByLink, { body: { t: token } }),
};

export const STATUS_WORDS: Record<LeadShowingView['status'], string> = {
  requested: 'Waiting for an answer',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  done: 'Done',
};
