// What kind of repeat a `duplicates` row is, judged by the lines its named run shares (issue 13:
// "fewer real-logic pairs"). Pure, so that tests/tooling/duplicate-classes.unit.spec.ts holds the
// rule; scripts/duplicate-pairs.mjs runs the tool and reads the files.
//
// The rule, in order:
// 1. css: both files are stylesheets.
// 2. test: both files are tests (a *.spec.* file, or anything under tests/): set-ups and fixtures.
// 3. Otherwise the run's lines (blank lines, comments and lone punctuation dropped, as the tool
//    does; string and template literals read as empty) are matched against three declarative
//    kinds of line:
//    - wiring: Nest's constructor parameter lists (`private readonly x: X,`, `@Inject(X) ...`,
//      `constructor(`, `) {}`), decorators (`@Post('...')`, `@ApiDoc({`) and class heads;
//    - ddl: SQL table definitions (`CREATE TABLE`, `name TEXT NOT NULL,`, keys and constraints,
//      a projection's `createTables` and its `tx.query(` of them);
//    - fields: type, interface, schema and object field lists (`name: string;`, `name?: Foo |
//      null,`, `name: z.string().min(1),`, `'@type': '...',`) and JSX attributes that pass a value
//      on (`leads={leads}`, `{...list}`), and data rows (`{ value: 'x', label: 'X' },`), with no
//      call or arrow that does work.
//    When at least 60% of the lines of the run on EACH side are declarative, the row is the kind
//    most of its lines are (both sides counted).
// 4. logic: everything else.

/** @typedef {'css' | 'test' | 'wiring' | 'ddl' | 'fields' | 'logic'} DuplicateClass */

const SQL_TYPES =
  'TEXT|VARCHAR|CHAR|INTEGER|INT|BIGINT|SMALLINT|SERIAL|BIGSERIAL|BOOLEAN|BOOL|TIMESTAMPTZ|TIMESTAMP|DATE|JSONB|JSON|UUID|NUMERIC|DECIMAL|REAL|DOUBLE|BYTEA|TSVECTOR';

const KINDS = {
  wiring: [
    /^constructor\s*\(/,
    /^(?:@\w+\(.*\)\s*)*(?:(?:private|protected|public)\s+)?(?:readonly\s+)?[\w$]+\s*:\s*[\w$.<>[\], |]+,?$/,
    /^(?:@\w+\(.*\)\s*)+(?:(?:private|protected|public)\s+)?(?:readonly\s+)?[\w$]+\s*:\s*[\w$.<>[\], |]+,?$/,
    /^@\w+\([^()]*(?:\([^()]*\))?[^()]*\)$/,
    /^@\w+\(\{?$/,
    /^(?:export\s+)?(?:abstract\s+)?class\s+[\w$]+[^{]*\{$/,
    /^\)\s*\{\s*\}?$/,
    /^super\(.*\);?$/,
  ],
  ddl: [
    /^CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX)\b/i,
    new RegExp(`^"?[a-z_][\\w]*"?\\s+(?:${SQL_TYPES})\\b`, 'i'),
    /^(?:PRIMARY\s+KEY|UNIQUE|FOREIGN\s+KEY|CONSTRAINT|CHECK)\b/i,
    /^(?:await\s+)?[\w$.]+\.query\(`\s*CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX)\b/i,
    /^async\s+createTables\(/,
    /^\)\s*`?\)?;?,?$/,
  ],
  fields: [
    /^(?:readonly\s+)?['"]?[@\w$-]+['"]?\??\s*:\s*[^=()]*[;,]?$/,
    /^(?:readonly\s+)?['"]?[@\w$-]+['"]?\??\s*:\s*z\.[\w.()[\]'", ]*[;,]?$/,
    /^(?:export\s+)?(?:type|interface)\s+[\w$<>, ]+(?:=|\{|extends)/,
    /^(?:export\s+)?const\s+[\w$]+\s*(?::\s*[\w$<>[\] ]+\s*)?=\s*[{[]$/,
    /^[\w$-]+=(?:\{[\w$.?!]+\}|'')$/,
    /^\{\s*[^(){}=]*\}\s*,?$/,
    /^\{\.\.\.[\w$.]+\}$/,
    /^\}\s*(?:\)\s*)?[;,]?$/,
  ],
};
const DECLARATIVE = /** @type {const} */ (['wiring', 'ddl', 'fields']);

const THRESHOLD = 0.6;

/** The lines the tool weighs: no blank lines, comments or lone punctuation. */
export function meaningfulLines(lines) {
  return lines.map((line) => line.trim()).filter((line) => line !== '' && !/^(?:\/\/|\/\*|\*|#|<!--)/.test(line) && !/^[\s{}()[\];,]*$/.test(line));
}

export const isStylesheet = (file) => /\.(?:css|scss|less)$/.test(file);
export const isTest = (file) => /\.spec\.[cm]?[jt]sx?$/.test(file) || /(?:^|\/)tests\//.test(file);

/** A line with its string and template literals emptied: what a line says, not its words. */
export const withoutStrings = (line) => line.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`[^`]*`/g, "''");

/** The declarative kind of a line, if it is one. */
function kindOf(line) {
  const bare = withoutStrings(line);
  return DECLARATIVE.find((kind) => KINDS[kind].some((pattern) => pattern.test(bare) || pattern.test(line)));
}

/**
 * @param {{ file: string; lines: string[] }} a the named run on one side
 * @param {{ file: string; lines: string[] }} b the named run on the other side
 * @returns {DuplicateClass}
 */
export function classifyPair(a, b) {
  if (isStylesheet(a.file) && isStylesheet(b.file)) return 'css';
  if (isTest(a.file) && isTest(b.file)) return 'test';
  const left = meaningfulLines(a.lines).map(kindOf);
  const right = meaningfulLines(b.lines).map(kindOf);
  const declarative = (kinds) => kinds.length > 0 && kinds.filter(Boolean).length / kinds.length >= THRESHOLD;
  if (declarative(left) && declarative(right)) {
    const all = [...left, ...right];
    const count = (kind) => all.filter((k) => k === kind).length;
    return DECLARATIVE.reduce((best, kind) => (count(kind) > count(best) ? kind : best));
  }
  return 'logic';
}

/**
 * One row of `duplicates`: `D12 a.ts:3-14 ~ b.ts:40-51 shape boilerplate (+1 more run)`.
 * @returns {{ a: { file: string; from: number; to: number }; b: { file: string; from: number; to: number }; shape: boolean; boilerplate: boolean } | undefined}
 */
export function parseRow(row) {
  const match = /^D\d+ (.+?):(\d+)-(\d+) ~ (.+?):(\d+)-(\d+)((?: \S+)*)$/.exec(row.replace(/ \(\+\d+ more runs?\)$/, ''));
  if (!match) return undefined;
  const tags = match[7].trim().split(' ');
  return {
    a: { file: match[1], from: Number(match[2]), to: Number(match[3]) },
    b: { file: match[4], from: Number(match[5]), to: Number(match[6]) },
    shape: tags.includes('shape'),
    boilerplate: tags.includes('boilerplate'),
  };
}
