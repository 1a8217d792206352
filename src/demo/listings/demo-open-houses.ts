import { offsetMinutes } from '../../contract/time-zone';
import { addDays, isoDateToUtcMs } from './iso-date';
import { hashString, mulberry32, pick, type Random } from '../../shared/prng';
import type { IsoDate, ResoOpenHouse } from '../../modules/listings/reso-record';

const OPEN_HOUSE_RATE = 1 / 50;
const WEEKENDS_AHEAD = 4;
const SLOTS: readonly (readonly [number, number])[] = [
  [11, 13],
  [12, 14],
  [13, 15],
  [14, 16],
];
const REMARKS = [null, null, 'Refreshments served.', 'Come see the newly finished kitchen.', 'Street parking only, please.'];

// The main time zone of each state (its most populous part where it has several), for local times.
const ZONES: Record<string, readonly string[]> = {
  'America/New_York': ['CT', 'DC', 'DE', 'FL', 'GA', 'IN', 'KY', 'MA', 'MD', 'ME', 'MI', 'NC', 'NH', 'NJ', 'NY', 'OH', 'PA', 'RI', 'SC', 'VA', 'VT', 'WV'],
  'America/Chicago': ['AL', 'AR', 'IA', 'IL', 'KS', 'LA', 'MN', 'MO', 'MS', 'ND', 'NE', 'OK', 'SD', 'TN', 'TX', 'WI'],
  'America/Denver': ['CO', 'ID', 'MT', 'NM', 'UT', 'WY'],
  'America/Phoenix': ['AZ'],
  'America/Los_Angeles': ['CA', 'NV', 'OR', 'WA'],
  'America/Anchorage': ['AK'],
  'Pacific/Honolulu': ['HI'],
  'America/Puerto_Rico': ['PR', 'VI'],
};
const ZONE_OF = new Map(Object.entries(ZONES).flatMap(([zone, states]) => states.map((s) => [s, zone] as const)));

/**
 * One generated listing in 50 holds one or two public open houses on one of the four weekends
 * after `today`, in the afternoon at the state's local time. The draw has its own random stream,
 * seeded by the listing's key, so the listings' other fields do not move, and the same key and
 * `today` give the same open houses.
 */
export function demoOpenHouses(key: string, state: string, today: IsoDate): ResoOpenHouse[] | undefined {
  const random = mulberry32(hashString(`${key} open houses`));
  const zone = ZONE_OF.get(state);
  if (random() >= OPEN_HOUSE_RATE || !zone) return undefined;
  const weekday = new Date(isoDateToUtcMs(today)).getUTCDay();
  const saturday = addDays(today, 7 * Math.floor(random() * WEEKENDS_AHEAD) + (6 - weekday || 7));
  const first = random() < 0.5 ? saturday : addDays(saturday, 1);
  const days = random() < 0.5 ? [first] : [first, addDays(first, first === saturday ? 1 : 6)];
  return days.map((day, i) => openHouse(random, `${key}-OH${i + 1}`, day, zone));
}

function openHouse(random: Random, OpenHouseKey: string, day: IsoDate, zone: string): ResoOpenHouse {
  const [from, to] = pick(random, SLOTS);
  // The offset of the afternoon: US daylight saving changes at 2 AM, so 20:00 UTC is on the right side of it.
  const offset = offsetOf(zone, isoDateToUtcMs(day) + 20 * 3_600_000);
  const at = (hour: number) => `${day}T${String(hour).padStart(2, '0')}:00:00${offset}`;
  return {
    OpenHouseKey,
    OpenHouseStartTime: at(from),
    OpenHouseEndTime: at(to),
    OpenHouseType: 'Public',
    OpenHouseStatus: 'Active',
    OpenHouseRemarks: pick(random, REMARKS),
  };
}

/** `-05:00`: the offset as RESO writes it after a local time. */
function offsetOf(zone: string, utcMs: number): string {
  const minutes = offsetMinutes(zone, utcMs);
  if (minutes === 0) return 'Z';
  const a = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}
