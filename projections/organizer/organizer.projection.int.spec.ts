import { describe, expect, it } from 'vitest';
import type { OrganizerEvent } from '../../src/modules/organizer/organizer.events';
import type { PersonErased } from '../../src/modules/privacy/privacy.events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { notebookHeaders, organizerProjection, savedSearchesNamed, savedSearchesOf } from './index';

const LEAD = specId(1);
const owner = { leadId: LEAD, userId: specId(2), siteId: specId(3) };
const saved = (n: number, name: string): OrganizerEvent => ({
  type: 'SavedSearchSaved',
  data: {
    ...owner,
    searchId: specId(100 + n),
    name,
    criteria: { city: 'Seattle' },
    searchQs: 'city=Seattle',
    searchTitle: 'Homes in Seattle',
    frequency: 'daily',
  },
});
const NOTEBOOK = specId(200);
const listing = (pdid: string) => ({ ...owner, pdid });

describe('organizer read model', () => {
  const spec = projectionSpecification(organizerProjection);

  it('given two saved searches, when one is renamed and the other deleted, then the lead has the renamed one, found by a word of its new name', () =>
    spec
      .given(saved(1, 'Ballard condos'), saved(2, 'Fremont houses'))
      .when(
        { type: 'SavedSearchRenamed', data: { ...owner, searchId: specId(101), name: 'Ballard or Fremont condos' } },
        { type: 'SavedSearchDeleted', data: { ...owner, searchId: specId(102) } },
      )
      .then(async ({ pool }) => {
        expect(await savedSearchesOf(pool, LEAD)).toMatchObject([
          { searchId: specId(101), name: 'Ballard or Fremont condos', frequency: 'daily', path: '/search?city=Seattle' },
        ]);
        expect((await savedSearchesNamed(pool, LEAD, 'fre', 10)).map((s) => s.searchId)).toEqual([specId(101)]);
        expect(await savedSearchesNamed(pool, LEAD, 'condos_', 10)).toEqual([]);
      }));

  it('given a favourite filed in a notebook with a note, when it is taken out of the notebook and unfavourited, then its note stays', () =>
    spec
      .given(
        { type: 'NotebookCreated', data: { ...owner, notebookId: NOTEBOOK, name: 'To see' } },
        { type: 'ListingFavorited', data: listing('NW-1') },
        { type: 'ListingFiledInNotebook', data: { ...listing('NW-1'), notebookId: NOTEBOOK } },
        { type: 'ListingNoteWritten', data: { ...listing('NW-1'), note: 'Big yard' } },
        { type: 'ListingOpinionGiven', data: { ...listing('NW-2'), opinion: 'dislike' } },
        { type: 'NotebookFocused', data: { ...owner, notebookId: NOTEBOOK } },
      )
      .when({ type: 'ListingRemovedFromNotebook', data: { ...listing('NW-1'), notebookId: NOTEBOOK } }, { type: 'ListingUnfavorited', data: listing('NW-1') })
      .then(async ({ pool }) =>
        expect(await notebookHeaders(pool, LEAD, null)).toEqual({
          listings: [
            { pdid: 'NW-1', favorite: false, note: 'Big yard', opinion: null, notebooks: [] },
            { pdid: 'NW-2', favorite: false, note: null, opinion: 'dislike', notebooks: [] },
          ],
          notebooks: [{ notebookId: NOTEBOOK, name: 'To see', focused: true }],
        }),
      ));

  it("given a lead's searches and favourites, when the person is erased, then nothing of theirs is kept", () => {
    const erased: PersonErased = {
      type: 'PersonErased',
      data: { userId: owner.userId, leadIds: [LEAD], byUserId: null, how: 'retention', reason: 'No activity' },
    };
    return spec
      .given(saved(1, 'Ballard condos'), { type: 'ListingFavorited', data: listing('NW-1') })
      .when(erased)
      .then(async ({ pool }) => {
        expect(await savedSearchesOf(pool, LEAD)).toEqual([]);
        expect(await notebookHeaders(pool, LEAD, null)).toEqual({ listings: [], notebooks: [] });
      });
  });
});
