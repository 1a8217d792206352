/**
 * A showing as an iCalendar object (RFC 5545, with the iTIP methods of RFC 5546): one VEVENT whose
 * times are on the listing's clock (DTSTART;TZID=…) with the VTIMEZONE that defines that clock.
 * No library: the VTIMEZONE is made from what the runtime's time-zone data says (Intl) about
 * the year before and after the showing, as explicit observances (no RRULE), so it is right for
 * any zone, including its future rule changes as far as the runtime knows them.
 */

import { offsetMinutes } from '../../../contract/time-zone';

export type IcsPerson = { readonly name: string; readonly email: string };

export type IcsShowing = {
  readonly method: 'REQUEST' | 'CANCEL';
  /** Stable per showing: every version and the cancellation name the same event. */
  readonly uid: string;
  /** One more for each new version (a move, the cancellation). */
  readonly sequence: number;
  /** When this version was made (DTSTAMP). */
  readonly stamp: Date;
  readonly start: string;
  readonly end: string;
  readonly timeZone: string;
  readonly summary: string;
  readonly location: string;
  readonly description: string;
  readonly organizer: IcsPerson;
  readonly attendee: IcsPerson;
};

const CRLF = '\r\n';
const DAY = 24 * 3600_000;
const MINUTE = 60_000;

/** The whole calendar object, CRLF line ends, lines folded at 75 octets. */
export function showingCalendar(e: IcsShowing): string {
  const startMs = Date.parse(e.start);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Porchlight//Showings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    ...vtimezone(e.timeZone, startMs - 366 * DAY, startMs + 366 * DAY),
    'BEGIN:VEVENT',
    `UID:${text(e.uid)}`,
    `DTSTAMP:${utcStamp(e.stamp.getTime())}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTART;TZID=${e.timeZone}:${localStamp(startMs, e.timeZone)}`,
    `DTEND;TZID=${e.timeZone}:${localStamp(Date.parse(e.end), e.timeZone)}`,
    `SUMMARY:${text(e.summary)}`,
    `LOCATION:${text(e.location)}`,
    `DESCRIPTION:${text(e.description)}`,
    `ORGANIZER;CN=${param(e.organizer.name)}:mailto:${e.organizer.email}`,
    `ATTENDEE;CN=${param(e.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${e.attendee.email}`,
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join(CRLF) + CRLF;
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
const text = (s: string): string =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
/** A parameter value (a name): quoted, without the quote character or control characters, which it cannot carry. */
// eslint-disable-next-line no-control-regex
const param = (s: string): string => `"${s.replace(/["\u0000-\u001f\u007f]/g, '').trim()}"`;

/** Lines longer than 75 octets go on in continuation lines that begin with a space, never splitting a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > 75) {
      out.push(current);
      current = ' ';
      bytes = 1;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join(CRLF);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const fieldsStamp = (d: Date) =>
  `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
const utcStamp = (ms: number) => `${fieldsStamp(new Date(Math.floor(ms / 1000) * 1000))}Z`;
/** The wall clock of `zone` at `ms`, as DATE-TIME without Z. */
const localStamp = (ms: number, zone: string) => fieldsStamp(new Date(ms + offsetMinutes(zone, ms) * MINUTE));

const offsetText = (minutes: number) => `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;
function shortName(zone: string, ms: number): string | null {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(new Date(ms))
    .find((p) => p.type === 'timeZoneName')?.value;
  // 'GMT-5' is no name: only real abbreviations (EST, PDT, HST…) are given.
  return name && /^[A-Z]{2,6}$/.test(name) ? name : null;
}

type Transition = { readonly at: number; readonly from: number; readonly to: number };

/** The instants in [from, to) where the zone's offset changes, found a day at a time, then to the minute. */
function transitions(zone: string, from: number, to: number): Transition[] {
  const found: Transition[] = [];
  let prevAt = Math.floor(from / MINUTE) * MINUTE;
  let prev = offsetMinutes(zone, prevAt);
  for (let t = prevAt + DAY; t < to + DAY; t += DAY) {
    const off = offsetMinutes(zone, t);
    if (off !== prev) {
      let [lo, hi] = [prevAt, t];
      while (hi - lo > MINUTE) {
        const mid = Math.floor((lo + hi) / 2 / MINUTE) * MINUTE;
        if (offsetMinutes(zone, mid) === prev) lo = mid;
        else hi = mid;
      }
      found.push({ at: hi, from: prev, to: off });
      prev = off;
    }
    prevAt = t;
  }
  return found;
}

/**
 * The zone's VTIMEZONE over [from, to): each change of offset as an observance (DAYLIGHT when
 * the clock goes forward, STANDARD when it goes back) whose DTSTART is the local time the change
 * happens at, in the offset before it; a zone without changes is one STANDARD observance.
 */
function vtimezone(zone: string, from: number, to: number): string[] {
  const changes = transitions(zone, from, to);
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', start: string, fromOff: number, toOff: number, name: string | null) => [
    `BEGIN:${kind}`,
    `DTSTART:${start}`,
    `TZOFFSETFROM:${offsetText(fromOff)}`,
    `TZOFFSETTO:${offsetText(toOff)}`,
    ...(name ? [`TZNAME:${name}`] : []),
    `END:${kind}`,
  ];
  const body =
    changes.length === 0
      ? observance('STANDARD', '19700101T000000', offsetMinutes(zone, from), offsetMinutes(zone, from), shortName(zone, from))
      : changes.flatMap((c) =>
          observance(c.to > c.from ? 'DAYLIGHT' : 'STANDARD', fieldsStamp(new Date(c.at + c.from * MINUTE)), c.from, c.to, shortName(zone, c.at)),
        );
  return ['BEGIN:VTIMEZONE', `TZID:${zone}`, ...body, 'END:VTIMEZONE'];
}
