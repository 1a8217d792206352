import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARKET_CHART_TITLE, MARKET_FIGURE_LABELS } from '../../src/contract/area-market';
import { COMMUNICATION_BANNER } from '../../src/contract/prompt-rules';
import { INQUIRY_MESSAGES } from '../../src/contract/validate-inquiry';
import { LABELS } from '../../src/modules/translations/catalogue';
import { BUYER_FIELDS, REFERRAL_FIELDS, SELLER_FIELDS } from '../../web/src/features/forms/detailFields';
import { ALERT_FREQUENCIES } from '../../web/src/features/organizer/alertFrequencies';
import { STATUS_WORDS } from '../../web/src/features/organizer/showingsAnswerApi';
import { LISTING_TYPES, SORTS, TAG_FLAGS } from '../../web/src/features/search/utils/filterOptions';
import { MSG } from '../../web/src/features/search/utils/searchConstants';

/**
 * The translation catalogue against the web app: every label the site renders through t(id,
 * english) or <Translatable id>, with the English it shows, is the catalogue's entry with that
 * text (so the editor shows what the site shows, and a translation reaches the page), and every
 * catalogue entry is shown somewhere. Labels built from an option list (`search.sort.${value}`)
 * are walked through the list itself.
 */
const WEB = path.resolve(__dirname, '../../web/src');
/** The server-rendered pages translate through the same catalogue (t(id, english) too), and so do the labels both sides share. */
const PAGES = path.resolve(__dirname, '../../src/modules/public-pages');
const SHARED = [path.resolve(__dirname, '../../src/contract/area-market.ts')];
const CONSTANTS: Record<string, Record<string, unknown>> = { MSG, COMMUNICATION_BANNER };
/** Option lists whose labels the site translates as `${prefix}${value}`. */
const FAMILIES: { prefix: string; options: readonly { value: string; label: string }[] }[] = [
  { prefix: 'search.sort.', options: SORTS },
  { prefix: 'filters.type.', options: LISTING_TYPES },
  { prefix: 'filters.tag.', options: TAG_FLAGS.map((t) => ({ value: t.field, label: t.label })) },
  { prefix: 'save.frequency.', options: ALERT_FREQUENCIES },
  { prefix: 'inquiry.', options: [...BUYER_FIELDS, ...SELLER_FIELDS, ...REFERRAL_FIELDS].map((f) => ({ value: f.name, label: f.label })) },
  { prefix: 'inquiry.error.', options: Object.entries(INQUIRY_MESSAGES).map(([value, label]) => ({ value, label })) },
  { prefix: 'showings.status.', options: Object.entries(STATUS_WORDS).map(([value, label]) => ({ value, label })) },
  {
    prefix: 'market.',
    options: [...Object.entries(MARKET_FIGURE_LABELS).map(([value, label]) => ({ value, label })), { value: 'chartTitle', label: MARKET_CHART_TITLE }],
  },
  {
    prefix: 'search.view.',
    options: [
      { value: 'list', label: 'List' },
      { value: 'split', label: 'Split' },
      { value: 'map', label: 'Map' },
    ],
  },
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.unit\.spec\./.test(e.name) ? [p] : [];
  });
}

const unquote = (q: string, body: string) => (q === "'" ? body.replace(/\\'/g, "'") : body.replace(/\\"/g, '"'));

/** Every (id, English) the web app and the server's pages render a label with, and the families it builds ids for. */
function uses(): { id: string; en: string; file: string }[] {
  const out: { id: string; en: string; file: string }[] = [];
  const call = /\b(?:t|tr|useLabel|translate\.current)\(\s*(['"])([\w.-]+)\1\s*,\s*(?:(['"])((?:(?!\3)[^\\]|\\.)*)\3|(MSG|COMMUNICATION_BANNER)\.(\w+))/g;
  const element = /<Translatable id="([\w.-]+)">([^<{]+)<\/Translatable>/g;
  // Labels kept as data for a component that renders them through the catalogue (a page's title, intro and button).
  const pair = /\{\s*id:\s*'([\w.-]+)',\s*en:\s*'((?:[^'\\]|\\.)*)'\s*\}/g;
  for (const file of [...sources(WEB), ...sources(PAGES), ...SHARED]) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(call)) {
      const en = m[5] ? String(CONSTANTS[m[5]]![m[6]!]) : unquote(m[3]!, m[4]!);
      out.push({ id: m[2]!, en, file: path.relative(WEB, file) });
    }
    for (const m of text.matchAll(element)) out.push({ id: m[1]!, en: m[2]!.trim(), file: path.relative(WEB, file) });
    for (const m of text.matchAll(pair)) out.push({ id: m[1]!, en: unquote("'", m[2]!), file: path.relative(WEB, file) });
  }
  return out;
}

describe('the translation catalogue and the site', () => {
  const catalogue = new Map<string, string>(LABELS.map((l) => [l.id, l.en]));
  const used = uses();

  it('has one entry per label id', () => {
    expect(catalogue.size).toBe(LABELS.length);
  });

  it("renders every label with the catalogue's English", () => {
    const wrong = used
      .filter((u) => catalogue.get(u.id) !== u.en)
      .map((u) => `${u.file}: ${u.id} shows “${u.en}”, the catalogue has “${catalogue.get(u.id) ?? '(no entry)'}”`);
    expect(wrong).toEqual([]);
    const families = FAMILIES.flatMap((f) => f.options.map((o) => ({ id: `${f.prefix}${o.value}`, en: o.label }))).filter((u) => catalogue.get(u.id) !== u.en);
    expect(families).toEqual([]);
  });

  it('shows every catalogue entry somewhere', () => {
    const shown = new Set([...used.map((u) => u.id), ...FAMILIES.flatMap((f) => f.options.map((o) => `${f.prefix}${o.value}`))]);
    expect(LABELS.map((l) => l.id).filter((id) => !shown.has(id))).toEqual([]);
  });
});
