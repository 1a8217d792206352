/**
 * Showings as appointments (contract section 5b), shared by the server and the web app: the
 * statuses, the shape the dashboard reads, the limits, and the rule that gives a listing its
 * time zone.
 */

import { z } from 'zod';

export const SHOWING_STATUSES = ['requested', 'confirmed', 'cancelled', 'done'] as const;
export type ShowingStatus = (typeof SHOWING_STATUSES)[number];
/** What PATCH may set: a showing never goes back to requested. */
export const SHOWING_CHANGES = ['confirmed', 'cancelled', 'done'] as const;

/** A lead's request names a start; it lasts this long until the agent says otherwise. */
export const DEFAULT_SHOWING_MINUTES = 30;
export const MAX_SHOWING_MINUTES = 8 * 60;
/** The day-before reminder goes at this hour of the listing's local clock. */
export const REMINDER_HOUR = 9;
/** A calendar read covers at most this many days. */
export const MAX_CALENDAR_DAYS = 62;

/** A showing as the dashboard and the calendar read it. */
export const ShowingViewSchema = z.strictObject({
  showingId: z.string(),
  leadId: z.string(),
  leadName: z.string().nullable(),
  /** The organizer once confirmed, else the lead's agent (null while the lead is in the pond). */
  agentId: z.string().nullable(),
  pdid: z.string(),
  address: z.string(),
  /** The listing's zone (IANA): the times the lead is told are on this clock. */
  timeZone: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(SHOWING_STATUSES),
  proposedBy: z.enum(['lead', 'agent']),
  message: z.string(),
});
export type ShowingView = Readonly<z.infer<typeof ShowingViewSchema>>;

/**
 * US states and territories → the IANA zone where most of their people live. A state split
 * between zones (Texas's El Paso, Florida's panhandle, Tennessee, Kentucky, Indiana, Michigan's
 * Upper Peninsula, the Dakotas, Nebraska, Kansas, Oregon's Malheur, Idaho's north, Alaska's
 * Aleutians) takes its majority's zone: a listing in the minority part is an hour off, and the
 * agent moves the showing if so.
 */
const STATES: readonly (readonly [abbr: string, name: string, zone: string])[] = [
  ['AL', 'Alabama', 'America/Chicago'],
  ['AK', 'Alaska', 'America/Anchorage'],
  ['AZ', 'Arizona', 'America/Phoenix'],
  ['AR', 'Arkansas', 'America/Chicago'],
  ['CA', 'California', 'America/Los_Angeles'],
  ['CO', 'Colorado', 'America/Denver'],
  ['CT', 'Connecticut', 'America/New_York'],
  ['DE', 'Delaware', 'America/New_York'],
  ['DC', 'District of Columbia', 'America/New_York'],
  ['FL', 'Florida', 'America/New_York'],
  ['GA', 'Georgia', 'America/New_York'],
  ['HI', 'Hawaii', 'Pacific/Honolulu'],
  ['ID', 'Idaho', 'America/Boise'],
  ['IL', 'Illinois', 'America/Chicago'],
  ['IN', 'Indiana', 'America/Indiana/Indianapolis'],
  ['IA', 'Iowa', 'America/Chicago'],
  ['KS', 'Kansas', 'America/Chicago'],
  ['KY', 'Kentucky', 'America/New_York'],
  ['LA', 'Louisiana', 'America/Chicago'],
  ['ME', 'Maine', 'America/New_York'],
  ['MD', 'Maryland', 'America/New_York'],
  ['MA', 'Massachusetts', 'America/New_York'],
  ['MI', 'Michigan', 'America/Detroit'],
  ['MN', 'Minnesota', 'America/Chicago'],
  ['MS', 'Mississippi', 'America/Chicago'],
  ['MO', 'Missouri', 'America/Chicago'],
  ['MT', 'Montana', 'America/Denver'],
  ['NE', 'Nebraska', 'America/Chicago'],
  ['NV', 'Nevada', 'America/Los_Angeles'],
  ['NH', 'New Hampshire', 'America/New_York'],
  ['NJ', 'New Jersey', 'America/New_York'],
  ['NM', 'New Mexico', 'America/Denver'],
  ['NY', 'New York', 'America/New_York'],
  ['NC', 'North Carolina', 'America/New_York'],
  ['ND', 'North Dakota', 'America/Chicago'],
  ['OH', 'Ohio', 'America/New_York'],
  ['OK', 'Oklahoma', 'America/Chicago'],
  ['OR', 'Oregon', 'America/Los_Angeles'],
  ['PA', 'Pennsylvania', 'America/New_York'],
  ['RI', 'Rhode Island', 'America/New_York'],
  ['SC', 'South Carolina', 'America/New_York'],
  ['SD', 'South Dakota', 'America/Chicago'],
  ['TN', 'Tennessee', 'America/Chicago'],
  ['TX', 'Texas', 'America/Chicago'],
  ['UT', 'Utah', 'America/Denver'],
  ['VT', 'Vermont', 'America/New_York'],
  ['VA', 'Virginia', 'America/New_York'],
  ['WA', 'Washington', 'America/Los_Angeles'],
  ['WV', 'West Virginia', 'America/New_York'],
  ['WI', 'Wisconsin', 'America/Chicago'],
  ['WY', 'Wyoming', 'America/Denver'],
  ['PR', 'Puerto Rico', 'America/Puerto_Rico'],
  ['VI', 'U.S. Virgin Islands', 'America/St_Thomas'],
  ['GU', 'Guam', 'Pacific/Guam'],
  ['AS', 'American Samoa', 'Pacific/Pago_Pago'],
  ['MP', 'Northern Mariana Islands', 'Pacific/Saipan'],
];
const ZONES = new Map(STATES.flatMap(([abbr, name, zone]) => [[abbr, zone] as const, [name.toUpperCase(), zone] as const]));

/** The zone of a listing from its StateOrProvince (the abbreviation or the name, any case), or null when unknown. */
export function stateTimeZone(state: string | null | undefined): string | null {
  return state ? (ZONES.get(state.trim().toUpperCase().replace(/\s+/g, ' ')) ?? null) : null;
}

/** 'Tue, Mar 11, 2:00 PM PDT' on the listing's clock (the zone's short name where it has one). */
export function showingWhen(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/**
 * A showing as the lead sees it (their organizer, the proposal e-mail's page): `canAccept` when
 * the office proposed the time and it waits for the lead's yes; `sequence` the version of the
 * time shown (accepting sends it back, so a time changed since is never accepted unseen).
 */
export const LeadShowingViewSchema = z.strictObject({
  showingId: z.string(),
  pdid: z.string(),
  address: z.string(),
  timeZone: z.string(),
  start: z.string(),
  end: z.string(),
  when: z.string(),
  status: z.enum(SHOWING_STATUSES),
  sequence: z.number().int(),
  canAccept: z.boolean(),
});
export type LeadShowingView = Readonly<z.infer<typeof LeadShowingViewSchema>>;
