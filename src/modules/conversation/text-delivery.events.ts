import type { DeliveryState } from '../../contract/text-delivery';

/**
 * The carrier's word on an outbound text, from the provider's signed status callback: its new
 * state and, when it failed, the provider's error code. On the stream `textdelivery-{providerId}`
 * (the callback names only the provider's id; the thread joins it to the text). No personal data:
 * the number it went to is not kept here.
 */
export type TextDeliveryReported = {
  readonly type: 'TextDeliveryReported';
  readonly data: { readonly providerId: string; readonly state: DeliveryState; readonly errorCode: number | null };
};

export type TextDeliveryEvent = TextDeliveryReported;
export const textDeliveryEventTypes = ['TextDeliveryReported'] as const satisfies readonly TextDeliveryEvent['type'][];
export const textDeliveryStream = (providerId: string) => `textdelivery-${providerId}`;
