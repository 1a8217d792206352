import { REASON_MAX } from '../../contract/backoffice';
import { validation } from '../../shared/errors';

export { REASON_MAX };

export const REASON_MESSAGE = 'Please give a reason';

/** Every back-office action says why; the reason is stored trimmed on the event. */
export function requireReason(reason: string): string {
  const r = reason.trim();
  if (!r) throw validation(REASON_MESSAGE);
  if (r.length > REASON_MAX) throw validation(`The reason is too long (at most ${REASON_MAX} characters)`);
  return r;
}

export function requireText(text: string, what: string): string {
  const t = text.trim();
  if (!t) throw validation(`Please enter ${what}`);
  return t;
}
