import { describe, expect, it } from 'vitest';
import { fold } from '../../commands/decider';
import type { OrganizerEvent } from './organizer.events';
import { decideOrganizer, MAX_SAVED_SEARCHES, NO_SUCH_SEARCH, organizerDecider, type OrganizerCommand } from './organizer.decide';

const owner = { leadId: 'l1', userId: 'u1', siteId: 's1' };
const save = (searchId: string): OrganizerCommand => ({ ...owner, type: 'SaveSearch', searchId, name: 'Kent', criteria: { city: 'Kent' }, searchQs: 'city=Kent', searchTitle: 'Kent', frequency: 'instant' });
const given = (...events: OrganizerEvent[]) => fold(organizerDecider, events);
const saved = (searchId: string): OrganizerEvent => decideOrganizer(save(searchId), given())[0]!;

describe('organizer decide', () => {
  it('saves a search once; saving the same id again decides nothing', () => {
    expect(decideOrganizer(save('a'), given())).toEqual([{ type: 'SavedSearchSaved', data: { ...owner, searchId: 'a', name: 'Kent', criteria: { city: 'Kent' }, searchQs: 'city=Kent', searchTitle: 'Kent', frequency: 'instant' } }]);
    expect(decideOrganizer(save('a'), given(saved('a')))).toEqual([]);
  });

  it('caps the number of saved searches', () => {
    const many = Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) => saved(`s${i}`));
    expect(() => decideOrganizer(save('one-more'), given(...many))).toThrow(/At most 50 saved searches/);
  });

  it('renames and changes frequency only when something changes; a deleted search is gone', () => {
    const s = given(saved('a'));
    expect(decideOrganizer({ ...owner, type: 'RenameSearch', searchId: 'a', name: 'Kent' }, s)).toEqual([]);
    expect(decideOrganizer({ ...owner, type: 'ChangeSearchFrequency', searchId: 'a', frequency: 'daily' }, s)).toEqual([
      { type: 'SavedSearchFrequencyChanged', data: { ...owner, searchId: 'a', frequency: 'daily' } },
    ]);
    const deleted = given(saved('a'), { type: 'SavedSearchDeleted', data: { ...owner, searchId: 'a' } });
    expect(() => decideOrganizer({ ...owner, type: 'DeleteSearch', searchId: 'a' }, deleted)).toThrow(NO_SUCH_SEARCH);
  });

  it('favourites toggle; filing needs an existing notebook', () => {
    const fav = decideOrganizer({ ...owner, type: 'Favorite', pdid: 'T-1', on: true }, given());
    expect(fav).toEqual([{ type: 'ListingFavorited', data: { ...owner, pdid: 'T-1' } }]);
    expect(decideOrganizer({ ...owner, type: 'Favorite', pdid: 'T-1', on: true }, given(...fav))).toEqual([]);
    expect(decideOrganizer({ ...owner, type: 'Favorite', pdid: 'T-1', on: false }, given(...fav))[0]!.type).toBe('ListingUnfavorited');
    expect(() => decideOrganizer({ ...owner, type: 'FileInNotebook', notebookId: 'n', pdid: 'T-1' }, given())).toThrow('No such notebook');
  });
});
