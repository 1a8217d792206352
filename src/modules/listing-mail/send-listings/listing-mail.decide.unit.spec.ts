import { describe, expect, it } from 'vitest';
import { refused } from '../../../../tests/support/refused';
import { fold } from '../../../commands/decider';
import type { ListingMailEvent, ListingsSentToLead } from '../listing-mail.events';
import { decideListingMail, EMAIL_TURNED_OFF, type ListingMailCommand, listingMailDecider } from './listing-mail.decide';

const M = 'm1';
const owner = { leadId: 'L1', siteId: 's1', messageId: M };
const sentData: ListingsSentToLead['data'] = {
  ...owner,
  pdids: ['T-1', 'T-2'],
  addresses: ['16884 Evergreen Ct, Seattle, WA', '2 Elm St, Seattle, WA'],
  byUserId: 'A1',
  note: 'Two I like',
};
const sent: ListingMailEvent = { type: 'ListingsSentToLead', data: sentData };
const opened = (how: 'pixel' | 'click'): ListingMailEvent => ({ type: 'ListingEmailOpened', data: { ...owner, how } });
const clicked = (pdid: string, address: string, at: string): ListingMailEvent => ({ type: 'ListingEmailClicked', data: { ...owner, pdid, address, at } });
const given = (...events: ListingMailEvent[]) => fold(listingMailDecider, events);
const send = (emailAllowed = true): ListingMailCommand => ({ kind: 'send', emailAllowed, ...sentData });
const open: ListingMailCommand = { kind: 'open', messageId: M, how: 'pixel' };
const click = (pdid: string, at: string): ListingMailCommand => ({ kind: 'click', messageId: M, pdid, at });

describe('listings e-mailed to a lead (given / when / then)', () => {
  it('given nothing, when the agent sends two listings, then ListingsSentToLead with the listings, their addresses, the agent and the note', () => {
    expect(decideListingMail(send(), given())).toEqual([sent]);
  });

  it('given the e-mail recorded, when the same message is sent again (a retried request), then nothing', () => {
    expect(decideListingMail(send(), given(sent))).toEqual([]);
  });

  it('given a lead who turned e-mail off, when the agent sends, then refused (403) with the reason', () => {
    expect(refused(() => decideListingMail(send(false), given()))).toMatchObject({ code: 'forbidden', message: EMAIL_TURNED_OFF });
  });

  it('given the e-mail sent, when its image loads, then ListingEmailOpened (pixel); when it loads again, then nothing', () => {
    expect(decideListingMail(open, given(sent))).toEqual([opened('pixel')]);
    expect(decideListingMail(open, given(sent, opened('pixel')))).toEqual([]);
  });

  it('given no e-mail recorded, when an image or a click comes back for it, then nothing', () => {
    expect(decideListingMail(open, given())).toEqual([]);
    expect(decideListingMail(click('T-1', '2026-11-23T10:00:00.000Z'), given())).toEqual([]);
  });

  it('given the e-mail sent and not yet opened, when the lead clicks a listing, then opened (by the click) and clicked with its address', () => {
    expect(decideListingMail(click('T-1', '2026-11-23T10:00:00.000Z'), given(sent))).toEqual([
      opened('click'),
      clicked('T-1', '16884 Evergreen Ct, Seattle, WA', '2026-11-23T10:00:00.000Z'),
    ]);
  });

  it('given a click on a listing, when the same listing is clicked within a minute, then nothing; a minute later, or another listing, then clicked', () => {
    const s = given(sent, opened('pixel'), clicked('T-1', '16884 Evergreen Ct, Seattle, WA', '2026-11-23T10:00:00.000Z'));
    expect(decideListingMail(click('T-1', '2026-11-23T10:00:59.999Z'), s)).toEqual([]);
    expect(decideListingMail(click('T-1', '2026-11-23T10:01:00.000Z'), s)).toEqual([
      clicked('T-1', '16884 Evergreen Ct, Seattle, WA', '2026-11-23T10:01:00.000Z'),
    ]);
    expect(decideListingMail(click('T-2', '2026-11-23T10:00:30.000Z'), s)).toEqual([clicked('T-2', '2 Elm St, Seattle, WA', '2026-11-23T10:00:30.000Z')]);
  });

  it('given the e-mail sent, when a click names a listing the e-mail did not carry, then nothing', () => {
    expect(decideListingMail(click('T-9', '2026-11-23T10:00:00.000Z'), given(sent))).toEqual([]);
  });
});
