/**
 * Calls an agent logs on a lead (contract section 5b), shared by the server and the web app: the
 * outcomes, their words, the notes' limit and how a duration is written (timeline and form).
 */

export const CALL_OUTCOMES = ['connected', 'left-voicemail', 'no-answer', 'wrong-number'] as const;
export type CallOutcomeName = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABEL: Record<CallOutcomeName, string> = {
  connected: 'connected',
  'left-voicemail': 'left voicemail',
  'no-answer': 'no answer',
  'wrong-number': 'wrong number',
};

/** Plain text, trimmed; at most this many characters. */
export const CALL_NOTES_MAX = 2000;
/** A call logged as longer than this (12 hours) is a typing slip. */
export const CALL_DURATION_MAX_SECONDS = 12 * 3600;

/** '4:05', '0:42', '1:02:05'. */
export function callDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * What the "Log call" form's duration field says, in seconds: 'mm:ss', 'h:mm:ss' or whole minutes
 * ('5'); empty is no duration (null); anything else is not a duration (undefined).
 */
export function parseCallDuration(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (/^\d{1,3}$/.test(t)) return Number(t) * 60;
  const m = /^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)$/.exec(t);
  if (!m) return undefined;
  const [, h, mm, ss] = m;
  if (h !== undefined && Number(mm) > 59) return undefined;
  const seconds = Number(h ?? 0) * 3600 + Number(mm) * 60 + Number(ss);
  return seconds <= CALL_DURATION_MAX_SECONDS ? seconds : undefined;
}

/** The lead timeline's line: 'Call logged: connected (4:05)'. */
export function callSummary(outcome: CallOutcomeName, durationSeconds: number | null): string {
  return `Call logged: ${CALL_OUTCOME_LABEL[outcome]}${durationSeconds === null ? '' : ` (${callDuration(durationSeconds)})`}`;
}
