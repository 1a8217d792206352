import { DEFAULT_TIME_ZONE } from '../../../contract/tasks';
import { canonicalTimeZone, wallClock } from '../../../contract/time-zone';
import type { EventStore } from '../../../eventstore/event-store.port';
import { userStream } from '../../accounts';
import { agentZoneStream } from '../../tasks';
import { type OfficeTextRulesSet, textRulesStream } from '../compliance.events';
import { inQuietHours, LAWFUL_WINDOW, leadTextZone, officeWindow, type TextWindow } from './quiet-hours';

/** Automated texts a lead gets a day unless the office says otherwise. */
export const DEFAULT_TEXTS_PER_DAY = 3;

export type OfficeTextRules = TextWindow & { readonly perDay: number };
export type TextRules = { readonly zone: string; readonly window: TextWindow; readonly perDay: number };

type Logged = { readonly type: string; readonly data: unknown };

export const defaultOfficeTextRules: OfficeTextRules = { ...LAWFUL_WINDOW, perDay: DEFAULT_TEXTS_PER_DAY };

/** The office's rules as its stream last set them. */
export function officeTextRulesOf(events: readonly Logged[]): OfficeTextRules {
  const set = events.findLast((e) => e.type === 'OfficeTextRulesSet') as OfficeTextRulesSet | undefined;
  return set ? { ...officeWindow(set.data), perDay: set.data.perDay } : defaultOfficeTextRules;
}

const lastZone = (events: readonly Logged[], type: string, field: string): string | null => {
  const name = (events.findLast((e) => e.type === type)?.data as Record<string, unknown> | undefined)?.[field];
  return typeof name === 'string' ? canonicalTimeZone(name) : null;
};

/**
 * When a lead may be texted by automation: their zone (their browser's when they signed in, else
 * their phone's area code, else the office's), the office's window and daily number. Read from
 * the lead's account stream and the office's zone and rules streams.
 */
export async function loadTextRules(
  store: EventStore,
  lead: { readonly userId: string; readonly officeId: string | null },
  cellPhone: string | null,
): Promise<TextRules> {
  const streams = await store.readStreams([
    userStream(lead.userId),
    ...(lead.officeId ? [agentZoneStream(lead.officeId), textRulesStream(lead.officeId)] : []),
  ]);
  const of = (id: string | null) => (id ? (streams.get(id) ?? []) : []);
  const officeZone = lastZone(of(lead.officeId && agentZoneStream(lead.officeId)), 'AgentTimeZoneSet', 'timeZone') ?? DEFAULT_TIME_ZONE;
  const ownZone = lastZone(
    of(userStream(lead.userId)).filter((e) => e.type === 'UserSignedIn' && (e.data as { timezoneName?: unknown }).timezoneName),
    'UserSignedIn',
    'timezoneName',
  );
  const { perDay, ...window } = officeTextRulesOf(of(lead.officeId && textRulesStream(lead.officeId)));
  return { zone: leadTextZone({ ownZone, cellPhone }, officeZone), window, perDay };
}

/** The lead's wall-clock time ("22:14") when `at` falls in their quiet hours, else null. */
export function quietHoursTime(rules: TextRules, at: Date): string | null {
  if (!inQuietHours(at, rules.zone, rules.window)) return null;
  const w = wallClock(at, rules.zone);
  return `${String(w.hour).padStart(2, '0')}:${String(w.minute).padStart(2, '0')}`;
}
