/**
 * A small, strict iCalendar reader for tests (RFC 5545): CRLF line ends only, no line over 75
 * octets, unfolding, content lines parsed into name, parameters and value, components nested by
 * BEGIN/END, TEXT unescaped, and a DATE-TIME with TZID turned into an instant through the
 * object's own VTIMEZONE (the observance in force). It throws on anything malformed, so a
 * calendar that reads back here is one a calendar program reads too.
 */

export type Property = { readonly name: string; readonly params: Readonly<Record<string, string>>; readonly value: string };
export type Component = { readonly name: string; readonly properties: Property[]; readonly components: Component[] };

export function parseICalendar(source: string): Component {
  if (!source.endsWith('\r\n')) throw new Error('the object must end with CRLF');
  if (/\r(?!\n)|(?<!\r)\n/.test(source)) throw new Error('line ends must be CRLF');
  const physical = source.slice(0, -2).split('\r\n');
  for (const l of physical) if (Buffer.byteLength(l) > 75) throw new Error(`a line is longer than 75 octets: ${l}`);
  const lines: string[] = [];
  for (const l of physical) {
    if (l.startsWith(' ') || l.startsWith('\t')) {
      if (lines.length === 0) throw new Error('a continuation line comes first');
      lines[lines.length - 1] += l.slice(1);
    } else lines.push(l);
  }
  const stack: Component[] = [];
  let root: Component | null = null;
  for (const line of lines) {
    const p = contentLine(line);
    if (p.name === 'BEGIN') {
      const c: Component = { name: p.value, properties: [], components: [] };
      if (stack.length) stack.at(-1)!.components.push(c);
      else if (root) throw new Error('a second object');
      else root = c;
      stack.push(c);
    } else if (p.name === 'END') {
      const c = stack.pop();
      if (!c || c.name !== p.value) throw new Error(`END:${p.value} does not close ${c?.name ?? 'anything'}`);
    } else {
      if (!stack.length) throw new Error(`${p.name} outside a component`);
      stack.at(-1)!.properties.push(p);
    }
  }
  if (!root || stack.length) throw new Error('unbalanced BEGIN/END');
  if (root.name !== 'VCALENDAR') throw new Error('not a VCALENDAR');
  return root;
}

function contentLine(line: string): Property {
  const m = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/.exec(line);
  if (!m) throw new Error(`not a content line: ${line}`);
  const params: Record<string, string> = {};
  for (const pm of m[2]!.matchAll(/;([A-Za-z0-9-]+)=("[^"]*"|[^";:,]*)/g)) params[pm[1]!.toUpperCase()] = pm[2]!.replace(/^"(.*)"$/, '$1');
  return { name: m[1]!.toUpperCase(), params, value: m[3]! };
}

/** TEXT as written (RFC 5545 3.3.11): \\n, \\, \\; and \\, undone; any other backslash is an error. */
export function unescapeText(value: string): string {
  return value.replace(/\\(.)/g, (_, c: string) => {
    if (c === 'n' || c === 'N') return '\n';
    if (c === '\\' || c === ';' || c === ',') return c;
    throw new Error(`bad escape \\${c}`);
  });
}

export const child = (c: Component, name: string): Component => {
  const found = c.components.filter((x) => x.name === name);
  if (found.length !== 1) throw new Error(`expected one ${name}, found ${found.length}`);
  return found[0]!;
};
export const prop = (c: Component, name: string): Property => {
  const found = c.properties.filter((p) => p.name === name);
  if (found.length !== 1) throw new Error(`expected one ${name} in ${c.name}, found ${found.length}`);
  return found[0]!;
};

const STAMP = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/;
/** A DATE-TIME's fields as if UTC (ms), and whether it was UTC. */
function fields(value: string): { ms: number; utc: boolean } {
  const m = STAMP.exec(value);
  if (!m) throw new Error(`not a DATE-TIME: ${value}`);
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  return { ms: Date.UTC(y, mo - 1, d, h, mi, s), utc: m[7] === 'Z' };
}
const offsetMs = (v: string) => {
  const m = /^([+-])(\d{2})(\d{2})$/.exec(v);
  if (!m) throw new Error(`not an offset: ${v}`);
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000;
};

/**
 * The instant a DATE-TIME property names: UTC as written, or local time in its TZID resolved with
 * the calendar's VTIMEZONE of that TZID (observances without recurrence rules, as ours are).
 */
export function instantOf(calendar: Component, p: Property): Date {
  const f = fields(p.value);
  if (f.utc) return new Date(f.ms);
  const tzid = p.params.TZID;
  if (!tzid) throw new Error(`${p.name} is floating (no TZID, no Z)`);
  const tz = calendar.components.find((c) => c.name === 'VTIMEZONE' && prop(c, 'TZID').value === tzid);
  if (!tz) throw new Error(`no VTIMEZONE for ${tzid}`);
  const observances = tz.components.map((o) => {
    if (o.properties.some((x) => x.name === 'RRULE' || x.name === 'RDATE')) throw new Error('this reader takes explicit observances only');
    const onset = fields(prop(o, 'DTSTART').value).ms - offsetMs(prop(o, 'TZOFFSETFROM').value);
    return { onset, to: offsetMs(prop(o, 'TZOFFSETTO').value) };
  });
  const inForce = (utc: number) => observances.filter((o) => o.onset <= utc).sort((a, b) => b.onset - a.onset)[0];
  for (const o of new Set(observances.map((x) => x.to))) {
    const utc = f.ms - o;
    if (inForce(utc)?.to === o) return new Date(utc);
  }
  throw new Error(`${p.value} in ${tzid} is covered by no observance`);
}
