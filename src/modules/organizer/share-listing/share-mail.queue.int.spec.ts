import { describe, expect, it } from 'vitest';
import { appendedNow, type GivenEvent, projectionSpecification, specId } from '../../../../tests/support/projection-specification';
import type { ListingShared } from '../organizer.events';
import { SHARE_MAIL_PUSH, shareMailId, shareMailProjection } from './share-mail.queue';

const shared = (n: number, fresh = true): GivenEvent & ListingShared => ({
  type: 'ListingShared',
  data: { leadId: specId(1), userId: specId(2), siteId: specId(3), pdid: 'NWMLS-1', toEmail: 'friend@example.com', message: `Look at this ${n}` },
  eventId: specId(100 + n),
  ...(fresh ? { metadata: appendedNow() } : {}),
});

describe('share mail outbox', () => {
  const spec = projectionSpecification(shareMailProjection);

  it('given nothing, when a listing is shared, then one e-mail is queued for the sender and the sender is woken', () =>
    spec
      .given()
      .when(shared(1))
      .then(async ({ rows, signals }) => {
        expect(await rows('SELECT to_email, message, pdid FROM share_mail_outbox WHERE mail_id = $1', [shareMailId(specId(101))])).toEqual([
          { to_email: 'friend@example.com', message: 'Look at this 1', pdid: 'NWMLS-1' },
        ]);
        expect(signals).toEqual([{ signal: SHARE_MAIL_PUSH, payload: { queued: 1 } }]);
      }));

  it('given a share already queued, when the same event is applied again (a replay), then nothing more is queued', () =>
    spec
      .given(shared(2))
      .when(shared(2))
      .then(async ({ rows, signals }) => {
        expect(await rows('SELECT count(*)::int AS n FROM share_mail_outbox WHERE share_event_id = $1', [specId(102)])).toEqual([{ n: 1 }]);
        expect(signals).toEqual([]);
      }));

  it('given nothing, when a share from before the outbox existed is replayed, then no e-mail goes out', () =>
    spec
      .given()
      .when(shared(3, false))
      .then(async ({ rows }) => expect(await rows('SELECT 1 FROM share_mail_outbox WHERE share_event_id = $1', [specId(103)])).toEqual([])));
});
