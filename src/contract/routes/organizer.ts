import { z } from 'zod';
import { ALERT_FREQUENCY_VALUES, MAX_HEADER_PDIDS, OrganizerHeadersSchema, SavedSearchSchema } from '../organizer';
import { oneOf } from '../fields';
import { criteriaBody } from '../search-criteria';
import { routes } from '../route';

const LEADS = 'signed in (a lead, on the site)';
const AGENTS = 'agents, brokers, staff (their scope)';
const TAG = 'organizer';

const pdid = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/, { error: 'pdid is not a listing id' });
const NoBody = z.undefined();
const frequencies = `frequency must be one of ${ALERT_FREQUENCY_VALUES.join(', ')}`;
const SavedSearchForm = criteriaBody('The saved search must be a JSON object', {
  name: { type: 'string' },
  filtersAsString: { type: 'string', description: 'the criteria as a JSON object (wins over a field of the same name)' },
  frequency: { type: 'string', enum: [...ALERT_FREQUENCY_VALUES] },
});
const SearchParams = z.strictObject({ searchId: z.string() });
const SavedSearches = z.strictObject({ searches: z.array(SavedSearchSchema) });

/** The lead's organizer (favourites, notes, opinions, shares, showing requests, notebooks, saved searches), and an agent's saved searches for a lead. */
export const organizerRoutes = routes('organizer', {
  favorite: {
    method: 'POST',
    path: 'api/organizer/favorite',
    summary: 'Favourite (or, with favorite:false, unfavourite) a listing',
    tag: TAG,
    access: LEADS,
    body: z.strictObject({ pdid, favorite: z.boolean().optional() }),
    responses: { 204: NoBody },
  },
  note: {
    method: 'POST',
    path: 'api/organizer/note',
    summary: 'Write (or clear, with an empty note) the note on a listing',
    tag: TAG,
    access: LEADS,
    body: z.strictObject({ pdid, note: z.string().max(2000) }),
    responses: { 204: NoBody },
  },
  opinion: {
    method: 'POST',
    path: 'api/organizer/opinion',
    summary: 'Like, dislike or clear the opinion on a listing',
    tag: TAG,
    access: LEADS,
    body: z.strictObject({ pdid, opinion: z.enum(['like', 'dislike', 'none']) }),
    responses: { 204: NoBody },
  },
  share: {
    method: 'POST',
    path: 'api/organizer/share',
    summary:
      'Share a listing with an e-mail address: recorded for the agent, and one e-mail goes to the address (the message as plain text); 403 until the lead confirmed their own address, 429 past 20 shares in 24 hours',
    tag: TAG,
    access: LEADS,
    body: z.strictObject({ pdid, email: z.string().max(254), message: z.string().max(1000).optional() }),
    responses: { 204: NoBody },
  },
  schedule: {
    method: 'POST',
    path: 'api/organizer/schedule',
    summary: 'Ask for a showing of a listing at a preferred time',
    tag: TAG,
    access: LEADS,
    body: z.strictObject({ pdid, preferredAt: z.iso.datetime({ offset: true }), message: z.string().max(1000).optional() }),
    responses: { 204: NoBody },
  },
  focus: {
    method: 'POST',
    path: 'api/organizer/focus',
    summary: 'Notebooks: create one (name), file a listing in one (notebookId + pdid) or focus one (notebookId, null for none)',
    tag: TAG,
    access: LEADS,
    body: z.strictObject({ notebookId: z.uuid().nullable().optional(), name: z.string().trim().min(1).max(100).optional(), pdid: pdid.optional() }),
    responses: { 200: z.strictObject({ notebookId: z.string().nullable() }) },
  },
  removeFromNotebook: {
    method: 'POST',
    path: 'api/organizer/notebook/remove',
    summary: 'Take a listing out of a notebook it is filed in (the listing need not be listed any more)',
    tag: TAG,
    access: LEADS,
    body: z.strictObject({ notebookId: z.uuid(), pdid }),
    responses: { 204: NoBody },
  },
  headers: {
    method: 'GET',
    path: 'api/organizer/headers',
    summary:
      "What the lead keeps: favourites, notes, opinions and notebooks (all, or the listings named in pdids, comma-separated); listing=1 adds each listing's brief from the search index (null when no longer listed)",
    tag: TAG,
    access: LEADS,
    query: z.strictObject({
      pdids: z
        .string()
        .max(MAX_HEADER_PDIDS * 101)
        .optional(),
      listing: z.enum(['0', '1']).optional(),
    }),
    responses: { 200: OrganizerHeadersSchema },
  },
  saveSearch: {
    method: 'POST',
    path: 'api/search/savepdq',
    summary: 'Save the criteria as a saved search (PDQ); saving the same criteria again keeps the one search',
    tag: TAG,
    access: LEADS,
    body: SavedSearchForm,
    responses: { 200: z.strictObject({ path: z.string(), searchId: z.string() }) },
  },
  searches: {
    method: 'GET',
    path: 'api/organizer/searches',
    summary: "The signed-in lead's saved searches on this site, newest first",
    tag: TAG,
    access: LEADS,
    responses: { 200: SavedSearches },
  },
  changeSearch: {
    method: 'POST',
    path: 'api/organizer/searches/:searchId',
    summary: 'Rename a saved search and/or change its alert frequency (instant, daily, weekly, never)',
    tag: TAG,
    access: LEADS,
    params: SearchParams,
    body: z.strictObject({ name: z.string().optional(), frequency: oneOf(ALERT_FREQUENCY_VALUES, frequencies).optional() }),
    responses: { 204: NoBody },
  },
  deleteSearch: {
    method: 'DELETE',
    path: 'api/organizer/searches/:searchId',
    summary: 'Delete a saved search (its alerts stop)',
    tag: TAG,
    access: LEADS,
    params: SearchParams,
    responses: { 204: NoBody },
  },
  saveLeadSearch: {
    method: 'POST',
    path: 'api/dashboard/leads/:leadId/saved-searches',
    summary:
      "Save a search with alerts for the lead (search fields or filtersAsString, name?, frequency?): on the lead's organizer, alerts as for their own. created false when the lead already had these criteria; alertsAllowed false when the lead turned property alerts or e-mail off",
    tag: 'Working a lead',
    access: AGENTS,
    params: z.strictObject({ leadId: z.string() }),
    body: SavedSearchForm,
    responses: { 200: z.strictObject({ searchId: z.string(), path: z.string(), created: z.boolean(), alertsAllowed: z.boolean() }) },
  },
  leadSearches: {
    method: 'GET',
    path: 'api/dashboard/leads/:leadId/saved-searches',
    summary: "The lead's saved searches (theirs and those set up for them), newest first",
    tag: 'Working a lead',
    access: AGENTS,
    params: z.strictObject({ leadId: z.string() }),
    responses: { 200: SavedSearches },
  },
});
