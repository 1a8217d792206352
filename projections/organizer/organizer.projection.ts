import type { AccountsMerged, AccountsUnmerged } from '../../src/modules/backoffice/backoffice.events';
import { type OrganizerEvent, organizerEventTypes } from '../../src/modules/organizer/organizer.events';
import { assertNever } from '../../src/shared/errors';
import { eventsOf, type Projection } from '../runner';
import { erasedRows, MergedLeads } from '../lead-rows';

type Handled = OrganizerEvent | AccountsMerged | AccountsUnmerged | PersonErased;

/**
 * A merge (issue 18) moves the duplicate's saved searches and notebooks, and those it saves later,
 * to the survivor. Per-listing rows (favourite, note, opinion) stay with their lead: both leads may
 * hold the same home; the survivor's timeline shows the duplicate's favourites.
 */
const merges = new MergedLeads('organizer_merges', ['organizer_searches', 'organizer_notebooks']);
import { ERASED_NAME, type PersonErased } from '../../src/modules/privacy/privacy.events';

/**
 * The organizer read model: a lead's saved searches (what the manager lists and autocomplete
 * offers) and, per listing, whether it is a favourite, its note and the lead's opinion (what
 * cards and listing pages show), plus notebooks.
 */
export const organizerProjection: Projection = {
  name: 'organizer',
  // 2: account merges move the duplicate's saved searches and notebooks to the survivor (issue 18).
  // 3: an erased person's rows moved under a survivor by a merge, and the merge's name of them, go too (issue 18).
  version: 3,
  eventTypes: [...organizerEventTypes, 'AccountsMerged', 'AccountsUnmerged', 'PersonErased'],
  tables: ['organizer_searches', 'organizer_listings', 'organizer_notebooks', 'organizer_merges'],
  async createTables(tx, t) {
    await tx.query(`CREATE TABLE ${t('organizer_searches')} (
      search_id uuid PRIMARY KEY,
      lead_id uuid NOT NULL,
      user_id uuid NOT NULL,
      site_id uuid NOT NULL,
      name text NOT NULL,
      name_key text NOT NULL,
      frequency text NOT NULL,
      criteria jsonb NOT NULL,
      search_qs text NOT NULL,
      search_title text NOT NULL,
      created_at timestamptz NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('organizer_searches')} (lead_id, created_at)`);
    await tx.query(`CREATE TABLE ${t('organizer_listings')} (
      lead_id uuid NOT NULL,
      pdid text NOT NULL,
      site_id uuid NOT NULL,
      favorite boolean NOT NULL DEFAULT false,
      note text,
      opinion text,
      notebooks uuid[] NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (lead_id, pdid)
    )`);
    await tx.query(`CREATE TABLE ${t('organizer_notebooks')} (
      notebook_id uuid PRIMARY KEY,
      lead_id uuid NOT NULL,
      name text NOT NULL,
      focused boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL
    )`);
    await tx.query(`CREATE INDEX ON ${t('organizer_notebooks')} (lead_id)`);
    await merges.create(tx, t);
  },
  async apply(events, ctx) {
    const { tx, table } = ctx;
    const searches = table('organizer_searches');
    const listings = table('organizer_listings');
    const notebooks = table('organizer_notebooks');
    const upsertListing = (d: { leadId: string; pdid: string; siteId: string }, at: string, set: string, value: unknown) =>
      tx.query(
        `INSERT INTO ${listings} AS l (lead_id, pdid, site_id, updated_at, ${set}) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (lead_id, pdid) DO UPDATE SET ${set} = EXCLUDED.${set}, updated_at = EXCLUDED.updated_at`,
        [d.leadId, d.pdid, d.siteId, at, value],
      );
    for (const e of eventsOf<Handled>(events)) {
      const at = e.metadata.at;
      switch (e.type) {
        case 'SavedSearchSaved': {
          const d = e.data;
          const to = await merges.target(ctx, d.leadId);
          await tx.query(
            `INSERT INTO ${searches} (search_id, lead_id, user_id, site_id, name, name_key, frequency, criteria, search_qs, search_title, created_at, merged_from)
             VALUES ($1, $2, $3, $4, $5, lower($5), $6, $7, $8, $9, $10, $11) ON CONFLICT (search_id) DO NOTHING`,
            [d.searchId, to.leadId, d.userId, d.siteId, d.name, d.frequency, JSON.stringify(d.criteria), d.searchQs, d.searchTitle, at, to.mergedFrom],
          );
          break;
        }
        case 'SavedSearchRenamed':
          await tx.query(`UPDATE ${searches} SET name = $2, name_key = lower($2) WHERE search_id = $1`, [e.data.searchId, e.data.name]);
          break;
        case 'SavedSearchFrequencyChanged':
          await tx.query(`UPDATE ${searches} SET frequency = $2 WHERE search_id = $1`, [e.data.searchId, e.data.frequency]);
          break;
        case 'SavedSearchDeleted':
          await tx.query(`DELETE FROM ${searches} WHERE search_id = $1`, [e.data.searchId]);
          break;
        case 'ListingFavorited':
        case 'ListingUnfavorited':
          await upsertListing(e.data, at, 'favorite', e.type === 'ListingFavorited');
          break;
        case 'ListingNoteWritten':
          await upsertListing(e.data, at, 'note', e.data.note || null);
          break;
        case 'ListingOpinionGiven':
          await upsertListing(e.data, at, 'opinion', e.data.opinion === 'none' ? null : e.data.opinion);
          break;
        case 'NotebookCreated': {
          const to = await merges.target(ctx, e.data.leadId);
          await tx.query(`INSERT INTO ${notebooks} (notebook_id, lead_id, name, created_at, merged_from) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, [
            e.data.notebookId,
            to.leadId,
            e.data.name,
            at,
            to.mergedFrom,
          ]);
          break;
        }
        case 'ListingFiledInNotebook':
          await tx.query(
            `INSERT INTO ${listings} (lead_id, pdid, site_id, updated_at, notebooks) VALUES ($1, $2, $3, $4, ARRAY[$5::uuid])
             ON CONFLICT (lead_id, pdid) DO UPDATE SET notebooks = array_append(array_remove(${listings}.notebooks, $5::uuid), $5::uuid), updated_at = $4`,
            [e.data.leadId, e.data.pdid, e.data.siteId, at, e.data.notebookId],
          );
          break;
        case 'ListingRemovedFromNotebook':
          // The row stays (favourite, note, opinion and other notebooks are kept on it).
          await tx.query(`UPDATE ${listings} SET notebooks = array_remove(notebooks, $3::uuid), updated_at = $4 WHERE lead_id = $1 AND pdid = $2`, [
            e.data.leadId,
            e.data.pdid,
            e.data.notebookId,
            at,
          ]);
          break;
        case 'NotebookFocused':
          await tx.query(`UPDATE ${notebooks} SET focused = (notebook_id = $2) WHERE lead_id = $1`, [e.data.leadId, e.data.notebookId]);
          break;
        case 'ListingShared':
        case 'ShowingRequested':
          // History only: the agent's timeline shows them; nothing here to keep.
          break;
        case 'AccountsMerged':
        case 'AccountsUnmerged':
          // The leads were read from the dashboard's list when the merge was made.
          await merges.apply(ctx, e, async () => true);
          break;
        case 'PersonErased':
          // Issue 18: the person was forgotten; what this read model kept of them goes too (a rebuild ends the same).
          await tx.query(`DELETE FROM ${listings} WHERE lead_id = ANY($1::uuid[])`, [e.data.leadIds]);
          // Moved under a survivor by a merge too; a duplicate merged into the person's lead is another account's and stays.
          for (const t of [searches, notebooks]) await tx.query(`DELETE FROM ${t} WHERE ${erasedRows(1)}`, [e.data.leadIds]);
          await merges.forget(ctx, e.data.leadIds, ERASED_NAME);
          break;
        default:
          assertNever(e);
      }
    }
  },
};
