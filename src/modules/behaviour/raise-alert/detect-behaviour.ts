import { localDate } from '../../../contract/tasks';
import type { BehaviourKind, BehaviourThresholds } from '../../../contract/behaviour-alerts';
import type { BehaviourFact } from '../behaviour.events';

export type { BehaviourFact, BehaviourFactKind } from '../behaviour.events';

/** One alert the trigger raises: `window` makes it once per lead, kind and window. */
export type DetectedAlert = { readonly kind: BehaviourKind; readonly window: string; readonly reason: string; readonly pdid: string | null };

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const time = (f: BehaviourFact) => Date.parse(f.at);
/** What the lead did themselves (an alert sent to them is not their doing). */
const isActivity = (f: BehaviourFact) => f.kind !== 'alertSent';
/** The calendar day (YYYY-MM-DD) of a doing in the office's zone: 11 pm in Seattle is that day, not the next UTC one. */
const dayOf = (f: BehaviourFact, zone: string): string => localDate(new Date(f.at), zone);

/**
 * The behaviour rules, one pure function: what the lead's latest event (`trigger`), after what
 * they did before it (`before`, oldest first), means under the office's thresholds. Only the
 * trigger raises anything, so changed thresholds apply from the next event on and never raise
 * alerts about the past. A day is a calendar day in `zone` (the office's).
 */
export function detectBehaviour(before: readonly BehaviourFact[], trigger: BehaviourFact, t: BehaviourThresholds, zone = 'UTC'): DetectedAlert[] {
  const out: DetectedAlert[] = [];
  if (!isActivity(trigger)) return out;
  const last = before.filter(isActivity).at(-1);
  if (last) {
    const away = Math.floor((time(trigger) - time(last)) / DAY_MS);
    if (away >= t.returnAfterDays)
      out.push({ kind: 'returned', window: `returned:${trigger.eventId}`, reason: `Came back after ${away} days away`, pdid: trigger.pdid });
  }
  switch (trigger.kind) {
    case 'view': {
      const views = [...before, trigger].filter((f) => f.kind === 'view');
      const same = views.filter((f) => f.pdid === trigger.pdid).length;
      if (trigger.pdid && same >= t.sameHomeViews) {
        out.push({ kind: 'repeatViews', window: `repeatViews:${trigger.pdid}`, reason: `Viewed the same home ${same} times`, pdid: trigger.pdid });
      }
      const day = dayOf(trigger, zone);
      const homes = new Set(views.filter((f) => dayOf(f, zone) === day).map((f) => f.pdid)).size;
      if (homes >= t.homesPerDay) out.push({ kind: 'manyViews', window: `manyViews:${day}`, reason: `Viewed ${homes} homes on ${day}`, pdid: null });
      break;
    }
    case 'favourite':
      out.push({ kind: 'favourited', window: `favourited:${trigger.pdid}`, reason: 'Saved a home as a favourite', pdid: trigger.pdid });
      break;
    case 'share':
      out.push({ kind: 'shared', window: `shared:${trigger.pdid}`, reason: 'Shared a home', pdid: trigger.pdid });
      break;
    case 'showing':
      out.push({ kind: 'showingRequested', window: `showingRequested:${trigger.eventId}`, reason: 'Asked for a showing', pdid: trigger.pdid });
      break;
    case 'alertOpen': {
      const sent = before.find((f) => f.kind === 'alertSent' && f.alertId === trigger.alertId);
      const minutes = sent ? (time(trigger) - time(sent)) / MINUTE_MS : Infinity;
      if (minutes >= 0 && minutes <= t.alertOpenMinutes) {
        const n = Math.max(1, Math.round(minutes));
        out.push({
          kind: 'alertOpenedFast',
          window: `alertOpenedFast:${trigger.alertId}`,
          reason: `Opened an alert e-mail ${n} minute${n === 1 ? '' : 's'} after it was sent`,
          pdid: trigger.pdid,
        });
      }
      break;
    }
    case 'search':
      break;
  }
  return out;
}
