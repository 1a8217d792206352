import { z } from 'zod';
import { routes } from '../route';
import { LeadShowingViewSchema } from '../showings';

const TAG = 'Showings';
const Answered = z.strictObject({ isSuccess: z.literal(true), showing: LeadShowingViewSchema });
const ShowingParams = z.strictObject({ showingId: z.string() });

/** The lead's side of their showings: their organizer's list and answers, and the proposal e-mail's signed link (no sign-in). */
export const showingAnswersRoutes = routes('showingAnswers', {
  mine: {
    method: 'GET',
    path: 'api/organizer/showings',
    summary: "The signed-in lead's showings on this site",
    tag: TAG,
    access: 'signed in',
    responses: { 200: z.strictObject({ showings: z.array(LeadShowingViewSchema) }) },
  },
  accept: {
    method: 'POST',
    path: 'api/organizer/showings/:showingId/accept',
    summary: 'The lead accepts the time the office proposed (409 when it changed since, or was cancelled or done)',
    tag: TAG,
    access: "the showing's lead",
    params: ShowingParams,
    body: z.strictObject({ sequence: z.number().int().min(0).max(999_999).optional() }),
    responses: { 200: Answered },
  },
  cancel: {
    method: 'POST',
    path: 'api/organizer/showings/:showingId/cancel',
    summary: 'The lead cancels a showing (the agent is told)',
    tag: TAG,
    access: "the showing's lead",
    params: ShowingParams,
    body: z.strictObject({}),
    responses: { 200: Answered },
  },
  byLink: {
    method: 'GET',
    path: 'api/showings/answer',
    summary: "What a proposal e-mail's link is for (403 when forged or expired)",
    tag: TAG,
    access: 'anyone',
    query: z.strictObject({ t: z.string().optional() }),
    responses: { 200: z.strictObject({ showing: LeadShowingViewSchema, linkSequence: z.number().int() }) },
  },
  acceptByLink: {
    method: 'POST',
    path: 'api/showings/answer',
    summary: "Accept the time of a proposal e-mail's link, once (no sign-in; 409 when the time changed, or it was cancelled or done)",
    tag: TAG,
    access: 'anyone',
    body: z.strictObject({ t: z.string().max(300) }),
    responses: { 200: Answered },
  },
});
