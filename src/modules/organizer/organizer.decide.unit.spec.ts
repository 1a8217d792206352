import { describe, expect, it } from 'vitest';
import { fold } from '../../commands/decider';
import type { OrganizerEvent } from './organizer.events';
import {
  decideOrganizer,
  MAX_SAVED_SEARCHES,
  NO_SUCH_NOTEBOOK,
  NO_SUCH_SEARCH,
  NOT_IN_NOTEBOOK,
  organizerDecider,
  type OrganizerCommand,
  TOO_MANY_SHARES,
} from './organizer.decide';

const owner = { leadId: 'l1', userId: 'u1', siteId: 's1' };
const save = (searchId: string): OrganizerCommand => ({
  ...owner,
  type: 'SaveSearch',
  searchId,
  name: 'Kent',
  criteria: { city: 'Kent' },
  searchQs: 'city=Kent',
  searchTitle: 'Kent',
  frequency: 'instant',
});
const given = (...events: OrganizerEvent[]) => fold(organizerDecider, events);
const saved = (searchId: string): OrganizerEvent => decideOrganizer(save(searchId), given())[0]!;

describe('organizer decide', () => {
  it('saves a search once; saving the same id again decides nothing', () => {
    expect(decideOrganizer(save('a'), given())).toEqual([
      {
        type: 'SavedSearchSaved',
        data: { ...owner, searchId: 'a', name: 'Kent', criteria: { city: 'Kent' }, searchQs: 'city=Kent', searchTitle: 'Kent', frequency: 'instant' },
      },
    ]);
    expect(decideOrganizer(save('a'), given(saved('a')))).toEqual([]);
  });

  it("given no search, when the lead's agent saves one for them, then SavedSearchSaved on the lead's organizer naming the agent; the lead's own save of it later decides nothing", () => {
    const forLead = { ...save('a'), byAgentId: 'agent-1' } as OrganizerCommand;
    const [event] = decideOrganizer(forLead, given());
    expect(event).toEqual({
      type: 'SavedSearchSaved',
      data: {
        ...owner,
        searchId: 'a',
        name: 'Kent',
        criteria: { city: 'Kent' },
        searchQs: 'city=Kent',
        searchTitle: 'Kent',
        frequency: 'instant',
        byAgentId: 'agent-1',
      },
    });
    expect(decideOrganizer(save('a'), given(event!))).toEqual([]);
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

  it('takes out of a notebook only a listing filed in it and not taken out since', () => {
    const created: OrganizerEvent[] = [
      { type: 'NotebookCreated', data: { ...owner, notebookId: 'n1', name: 'Weekend' } },
      { type: 'NotebookCreated', data: { ...owner, notebookId: 'n2', name: 'Schools' } },
    ];
    const filed: OrganizerEvent = { type: 'ListingFiledInNotebook', data: { ...owner, notebookId: 'n1', pdid: 'T-1' } };
    const remove = (notebookId: string, pdid = 'T-1'): OrganizerCommand => ({ ...owner, type: 'RemoveFromNotebook', notebookId, pdid });
    const removed = decideOrganizer(remove('n1'), given(...created, filed));
    expect(removed).toEqual([{ type: 'ListingRemovedFromNotebook', data: { ...owner, notebookId: 'n1', pdid: 'T-1' } }]);
    const refused = (c: OrganizerCommand, ...events: OrganizerEvent[]) => {
      try {
        decideOrganizer(c, given(...events));
      } catch (err) {
        return err;
      }
      return 'decided';
    };
    // Never filed, filed in another notebook, another listing, already taken out: 404 with the message.
    expect(refused(remove('n1'), ...created)).toMatchObject({ code: 'not_found', message: NOT_IN_NOTEBOOK });
    expect(refused(remove('n2'), ...created, filed)).toMatchObject({ code: 'not_found', message: NOT_IN_NOTEBOOK });
    expect(refused(remove('n1', 'T-2'), ...created, filed)).toMatchObject({ code: 'not_found', message: NOT_IN_NOTEBOOK });
    expect(refused(remove('n1'), ...created, filed, ...removed)).toMatchObject({ code: 'not_found', message: NOT_IN_NOTEBOOK });
    expect(refused(remove('nope'), ...created, filed)).toMatchObject({ code: 'not_found', message: NO_SUCH_NOTEBOOK });
    expect(NOT_IN_NOTEBOOK).toBe('This home is not in that notebook');
    // Filed again after being taken out: it can be taken out again.
    expect(decideOrganizer(remove('n1'), given(...created, filed, ...removed, filed))).toEqual(removed);
  });

  it('shares at most 20 homes in 24 hours; older shares, and shares recorded before the time was kept, do not count', () => {
    const share = (at: string): OrganizerCommand => ({ ...owner, type: 'Share', pdid: 'T-1', toEmail: 'friend@example.com', message: 'Look!', at });
    const hour = (h: number) => new Date(Date.UTC(2026, 0, 10, h)).toISOString();
    expect(decideOrganizer(share(hour(0)), given())).toEqual([
      { type: 'ListingShared', data: { ...owner, pdid: 'T-1', toEmail: 'friend@example.com', message: 'Look!', at: hour(0) } },
    ]);
    const twenty = Array.from({ length: 20 }, (_, i) => decideOrganizer(share(hour(i)), given())[0]!);
    const untimed: OrganizerEvent = { type: 'ListingShared', data: { ...owner, pdid: 'T-1', toEmail: 'friend@example.com', message: '' } };
    const full = given(untimed, ...twenty);
    let refused: unknown;
    try {
      decideOrganizer(share(hour(23)), full);
    } catch (err) {
      refused = err;
    }
    expect(refused).toMatchObject({ code: 'rate_limited', message: TOO_MANY_SHARES });
    expect(TOO_MANY_SHARES).toBe('You can share at most 20 homes in 24 hours; please try again later');
    // 24 hours after the first of the twenty, one slot is free again.
    expect(decideOrganizer(share(hour(24)), full)).toHaveLength(1);
    expect(() => decideOrganizer(share(hour(24)), given(untimed, ...twenty, decideOrganizer(share(hour(24)), full)[0]!))).toThrow(TOO_MANY_SHARES);
  });
});
