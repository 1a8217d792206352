/**
 * The alerts context. Each alert has its own stream `alert-{alertId}`: PropertyAlertRecorded is
 * appended (with 'no_stream', a stable event id) before the e-mail goes out, PropertyAlertSent
 * after; a retry after a crash finds the first already there and appends nothing twice.
 * PropertyAlertOpened follows when the lead opens it (only after PropertyAlertSent, which the
 * dispatcher appends at revision 0).
 */
export type AlertChangeKind = 'new' | 'price-reduced' | 'back-on-market' | 'pending' | 'sold' | 'new-photos' | 'open-house' | 'open-house-cancelled';
/** Why the lead hears about it: a saved search matched ('new') or a favourite changed ('update'). */
export type AlertReason = 'search' | 'favorite';

type AlertData = {
  readonly alertId: string;
  readonly leadId: string;
  readonly userId: string;
  readonly siteId: string;
  readonly pdid: string;
  readonly kind: AlertChangeKind;
  readonly reason: AlertReason;
  readonly searchIds: readonly string[];
  /** One line for people: 'Price reduced $25k', 'New listing'. */
  readonly change: string;
  /** Set when the alert went out in a daily or weekly digest. */
  readonly digestId: string | null;
};

export type PropertyAlertRecorded = { readonly type: 'PropertyAlertRecorded'; readonly data: AlertData };
export type PropertyAlertSent = { readonly type: 'PropertyAlertSent'; readonly data: AlertData & { readonly subject: string } };
/** How the lead came back: followed the e-mail's signed link, or the mail client loaded its tracking image. */
export type AlertOpenedHow = 'link' | 'pixel';
/** The lead opened a sent alert; at most once per alert (decided from the stream), the first way wins. */
export type PropertyAlertOpened = { readonly type: 'PropertyAlertOpened'; readonly data: AlertData & { readonly how: AlertOpenedHow } };

/**
 * The alert's e-mail link signed its lead in (from the continue page): the link never signs
 * anyone in again, it only leads to the listing. At most once per alert.
 */
export type AlertLinkSignedIn = { readonly type: 'AlertLinkSignedIn'; readonly data: { readonly alertId: string; readonly userId: string } };

export type AlertEvent = PropertyAlertRecorded | PropertyAlertSent | PropertyAlertOpened | AlertLinkSignedIn;
export const alertEventTypes = [
  'PropertyAlertRecorded',
  'PropertyAlertSent',
  'PropertyAlertOpened',
  'AlertLinkSignedIn',
] as const satisfies readonly AlertEvent['type'][];
export const alertStream = (alertId: string) => `alert-${alertId}`;
/** The in-process push the alerts projection emits after it queued listing changes. */
export const ALERTS_PUSH = 'alerts.changed';
