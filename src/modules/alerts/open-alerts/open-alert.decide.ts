import type { Decider } from '../../../commands/decider';
import { type Alert, evolveAlert, initialAlert } from '../alert';
import type { AlertEvent, AlertLinkSignedIn, AlertOpenedHow, PropertyAlertOpened } from '../alerts.events';

/** A signed link or tracking image of the alert's e-mail came back, for the user the token names. */
export type OpenAlert = { readonly alertId: string; readonly userId: string; readonly how: AlertOpenedHow };

/**
 * Pure: an opening is recorded once per alert, and only for an alert that was sent to that user.
 * "Sent" is also what keeps it safe: the dispatcher appends PropertyAlertSent at revision 0, so
 * nothing may be appended to the stream before it (an opening racing the e-mail is not kept).
 */
export function decideOpenAlert(c: OpenAlert, s: Alert): PropertyAlertOpened[] {
  if (!s.data || !s.sent || s.opened) return [];
  if (s.data.alertId !== c.alertId || s.data.userId !== c.userId) return [];
  return [{ type: 'PropertyAlertOpened', data: { ...s.data, how: c.how } }];
}

export const openAlertDecider: Decider<Alert, OpenAlert, AlertEvent> = {
  initialState: initialAlert,
  evolve: evolveAlert,
  decide: decideOpenAlert,
};

/** The alert's link is to sign its user in: once per alert (a replayed or forwarded link then opens the page signed out). */
export type UseAlertLink = { readonly alertId: string; readonly userId: string };

export function decideUseAlertLink(c: UseAlertLink, s: Alert): AlertLinkSignedIn[] {
  if (!s.data || !s.sent || s.linkUsed || s.data.userId !== c.userId) return [];
  return [{ type: 'AlertLinkSignedIn', data: { alertId: c.alertId, userId: c.userId } }];
}

export const useAlertLinkDecider: Decider<Alert, UseAlertLink, AlertEvent> = {
  initialState: initialAlert,
  evolve: evolveAlert,
  decide: decideUseAlertLink,
};
