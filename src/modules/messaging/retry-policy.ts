import { MailHeldBack } from './mailer.port';
/**
 * The one retry policy of every outbox (mail, texts, web push, plans, alerts, webhooks): a
 * message the provider could not take is tried again after an exponentially growing, jittered
 * wait (seconds at first, at most an hour), for at least a day after its first failure; a
 * permanent refusal (an SMTP 5xx, an invalid or unsubscribed number, a gone push subscription)
 * ends it at once. Either way the reason is kept for staff and, for a lead's message, the agent.
 */
export const RETRY = {
  /** The wait after the first failure (before jitter). */
  firstDelayMs: 5_000,
  /** No wait is longer than this. */
  maxDelayMs: 3_600_000,
  /** A message failing for this long since its first failure is given up. */
  giveUpAfterMs: 24 * 3_600_000,
} as const;

/** Twilio error codes that no retry can fix: an invalid 'To', a number that cannot get texts, one that replied STOP (twilio.com/docs/api/errors). */
export const TWILIO_PERMANENT_CODES: ReadonlySet<number> = new Set([
  21211, 21212, 21214, 21217, 21401, 21407, 21408, 21421, 21604, 21606, 21610, 21612, 21614, 30003, 30005, 30006, 30007,
]);

/** Why a send failed, and whether trying again could ever help. */
export type SendFailure = { readonly permanent: boolean; readonly reason: string };

/**
 * The wait before the next try after `attempts` failures (1 or more): half of the exponential
 * step fixed and half random ("equal jitter"), so instances and messages failing together spread
 * out, yet no wait is shorter than half its step.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const step = Math.min(RETRY.maxDelayMs, RETRY.firstDelayMs * 2 ** Math.min(Math.max(attempts, 1) - 1, 30));
  return Math.round(step / 2 + (step / 2) * Math.min(Math.max(random(), 0), 1));
}

export type AfterFailure = { readonly state: 'pending'; readonly nextAttemptAt: Date } | { readonly state: 'failed' };

/** What becomes of a message that just failed its `attempts`-th try at `now`, first failing at `firstFailedAt` (null: this is its first failure). */
export function afterFailure(f: { attempts: number; firstFailedAt: Date | null; now: Date; failure: SendFailure; random?: () => number }): AfterFailure {
  const since = f.firstFailedAt ?? f.now;
  if (f.failure.permanent || f.now.getTime() - since.getTime() >= RETRY.giveUpAfterMs) return { state: 'failed' };
  return { state: 'pending', nextAttemptAt: new Date(f.now.getTime() + retryDelayMs(f.attempts, f.random)) };
}

const MAX_REASON = 300;

/** A provider's words without an address or a phone number in them (a reason is shown to staff and agents, and must not carry another person's details). */
export function redactedReason(text: string): string {
  const oneLine = text
    .replace(/<?[^\s<>@]+@[^\s<>@]+>?/g, '<address>')
    .replace(/\+?\d[\d\s().-]{8,}\d/g, (m) => (m.replace(/\D/g, '').length >= 10 ? '<number>' : m))
    .replace(/\s+/g, ' ')
    .trim();
  return oneLine.length > MAX_REASON ? `${oneLine.slice(0, MAX_REASON - 1)}…` : oneLine;
}

type ProviderError = Error & { responseCode?: unknown; response?: unknown; code?: unknown; statusCode?: unknown; twilioCode?: unknown };

/**
 * How a provider's error reads under the policy: nodemailer's SMTP errors carry the relay's
 * `responseCode` (5xx: refused for good, 4xx: try later) and `response`; the Twilio adapter's
 * its `twilioCode`; a web push its `statusCode` (404/410: the subscription is gone). Anything
 * else (a connection refused, a timeout, our own bug) is worth another try.
 */
export function failureOf(err: unknown): SendFailure {
  const e = (err instanceof Error ? err : new Error(String(err))) as ProviderError;
  // Held back by the mail path: trying again would only hold it back again (its reason names the address, so it is not kept).
  if (err instanceof MailHeldBack) return { permanent: true, reason: 'the address bounced for good or complained' };
  if (typeof e.responseCode === 'number') {
    const words = typeof e.response === 'string' ? e.response : e.message;
    return { permanent: e.responseCode >= 500 && e.responseCode < 600, reason: redactedReason(`SMTP ${e.responseCode}: ${words.replace(/^\d{3}[ -]/, '')}`) };
  }
  if (typeof e.twilioCode === 'number')
    return { permanent: TWILIO_PERMANENT_CODES.has(e.twilioCode), reason: redactedReason(`Twilio ${e.twilioCode}: ${e.message}`) };
  if (typeof e.statusCode === 'number')
    return { permanent: e.statusCode === 404 || e.statusCode === 410, reason: redactedReason(`push service answered ${e.statusCode}`) };
  const code = typeof e.code === 'string' ? `${e.code}: ` : '';
  return { permanent: false, reason: redactedReason(`${code}${e.message}`) };
}
