import { describe, expect, it } from 'vitest';
import { fold } from '../../../commands/decider';
import type { DeliveryState } from '../../../contract/text-delivery';
import type { TextDeliveryReported } from '../compliance.events';
import { decideDelivery, deliveryDecider, deliveryStateOf } from './delivery.decide';

const report = (state: DeliveryState, errorCode: number | null = null): TextDeliveryReported => ({
  type: 'TextDeliveryReported',
  data: { providerId: 'SM1', state, errorCode },
});
const given = (...events: TextDeliveryReported[]) => fold(deliveryDecider, events);

describe("a text's delivery state only moves forward (given / when / then)", () => {
  it('given nothing, when queued, then queued; given queued, when sent, then sent; given sent, when delivered, then delivered', () => {
    expect(decideDelivery(report('queued').data, given())).toEqual([report('queued')]);
    expect(decideDelivery(report('sent').data, given(report('queued')))).toEqual([report('sent')]);
    expect(decideDelivery(report('delivered').data, given(report('queued'), report('sent')))).toEqual([report('delivered')]);
  });

  it('given delivered, when a late sent or queued arrives, then nothing', () => {
    expect(decideDelivery(report('sent').data, given(report('delivered')))).toEqual([]);
    expect(decideDelivery(report('queued').data, given(report('sent')))).toEqual([]);
  });

  it('given nothing, when undelivered with its code arrives first, then undelivered; then nothing moves it', () => {
    expect(decideDelivery(report('undelivered', 30006).data, given())).toEqual([report('undelivered', 30006)]);
    const final = given(report('undelivered', 30006));
    expect(final).toEqual({ state: 'undelivered', errorCode: 30006 });
    expect(decideDelivery(report('delivered').data, final)).toEqual([]);
    expect(decideDelivery(report('failed', 30008).data, final)).toEqual([]);
    expect(decideDelivery(report('undelivered', 30006).data, final)).toEqual([]);
  });

  it("reads Twilio's statuses; an inbound message's status is none", () => {
    expect(['accepted', 'scheduled', 'queued', 'sending', 'sent', 'delivered', 'read', 'undelivered', 'failed', 'canceled'].map(deliveryStateOf)).toEqual([
      'queued',
      'queued',
      'queued',
      'sent',
      'sent',
      'delivered',
      'delivered',
      'undelivered',
      'failed',
      'failed',
    ]);
    expect(deliveryStateOf('received')).toBeNull();
    expect(deliveryStateOf('Delivered')).toBe('delivered');
  });
});
