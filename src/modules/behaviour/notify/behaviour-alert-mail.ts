import type { BehaviourAlertView } from '../../../contract/behaviour-alerts';
import { DEFAULT_REPLY_NOTICES, type ReplyNoticeChoice } from '../../../contract/thread';
import type { MailMessage } from '../../messaging';

/**
 * Whether the agent hears of alerts by e-mail: their notification choice ("how you hear of your
 * leads besides the dashboard and web push", chosen in the dashboard's settings) says e-mail or
 * both. The default (never chosen) is e-mail.
 */
export const wantsAlertMail = (choice: ReplyNoticeChoice | undefined): boolean => {
  const by = choice ?? DEFAULT_REPLY_NOTICES;
  return by === 'email' || by === 'both';
};

/** The alert's e-mail to the agent: plain text, the lead's name and what they did, and the link to the lead. */
export function behaviourAlertMail(to: string, alert: BehaviourAlertView, baseUrl: string): MailMessage {
  const name = alert.leadName || 'A lead';
  const url = `${baseUrl}/dashboard?lead=${alert.leadId}`;
  return {
    to,
    subject: `Lead alert: ${name}`,
    text: `${name}: ${alert.reason} (${alert.at.slice(0, 16).replace('T', ' ')} UTC).\n\nOpen the lead: ${url}\n\nYou hear of your leads by e-mail as you chose in the dashboard's settings (Notifications).\n`,
  };
}
