import { request } from '../../api/http';
import type { LeadShowingView } from '../../../../src/contract/showings';

export type { LeadShowingView };
type Answered = { readonly isSuccess: boolean; readonly showing: LeadShowingView };

/** The lead's side of their showings: the list, accepting a proposed time, cancelling; and the proposal e-mail's link. */
export const showingsAnswerApi = {
  mine: () => request<{ showings: readonly LeadShowingView[] }>('GET', '/api/organizer/showings'),
  accept: (showingId: string, sequence: number) => request<Answered>('POST', `/api/organizer/showings/${encodeURIComponent(showingId)}/accept`, { sequence }),
  cancel: (showingId: string) => request<Answered>('POST', `/api/organizer/showings/${encodeURIComponent(showingId)}/cancel`, {}),
  byLink: (token: string) => request<{ showing: LeadShowingView; linkSequence: number }>('GET', `/api/showings/answer?t=${encodeURIComponent(token)}`),
  acceptByLink: (token: string) => request<Answered>('POST', '/api/showings/answer', { t: token }),
};

export const STATUS_WORDS: Record<LeadShowingView['status'], string> = { requested: 'Waiting for an answer', confirmed: 'Confirmed', cancelled: 'Cancelled', done: 'Done' };
