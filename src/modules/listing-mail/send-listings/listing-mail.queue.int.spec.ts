import { describe, expect, it } from 'vitest';
import { appendedNow, type GivenEvent, projectionSpecification, specId } from '../../../../tests/support/projection-specification';
import type { ListingsSentToLead } from '../listing-mail.events';
import { LISTING_MAIL_SIGNAL, listingMailId, listingMailProjection } from './listing-mail.queue';

const sentListings = (n: number, fresh = true): GivenEvent & ListingsSentToLead => ({
  type: 'ListingsSentToLead',
  data: {
    leadId: specId(1),
    siteId: specId(2),
    messageId: specId(100 + n),
    pdids: ['NWMLS-1', 'NWMLS-2'],
    addresses: ['1 Pine St', '2 Oak Ave'],
    byUserId: specId(3),
    note: 'Two to see',
  },
  eventId: specId(200 + n),
  ...(fresh ? { metadata: appendedNow() } : {}),
});
const mailOf = 'SELECT message_id, lead_id FROM listing_mail_outbox WHERE mail_id = $1';

describe('listing mail outbox', () => {
  const spec = projectionSpecification(listingMailProjection);

  it('given nothing, when listings are sent to a lead, then one e-mail is queued for the lead and the sender is woken', () =>
    spec
      .given()
      .when(sentListings(1))
      .then(async ({ rows, signals }) => {
        expect(await rows(mailOf, [listingMailId(specId(201))])).toEqual([{ message_id: specId(101), lead_id: specId(1) }]);
        expect(signals).toEqual([{ signal: LISTING_MAIL_SIGNAL, payload: { queued: 1 } }]);
      }));

  it('given an e-mail queued, when the same event is applied again (a replay), then it stays one e-mail', () =>
    spec
      .given(sentListings(2))
      .when(sentListings(2))
      .then(async ({ rows, signals }) => {
        expect(await rows('SELECT mail_id FROM listing_mail_outbox WHERE message_id = $1', [specId(102)])).toEqual([{ mail_id: listingMailId(specId(202)) }]);
        expect(signals).toEqual([]);
      }));

  it('given nothing, when listings sent before the outbox existed are replayed, then nothing is queued', () =>
    spec
      .given()
      .when(sentListings(3, false))
      .then(async ({ rows }) => expect(await rows('SELECT 1 FROM listing_mail_outbox WHERE message_id = $1', [specId(103)])).toEqual([])));
});
