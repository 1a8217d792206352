// What kind of repeat a `duplicates` row is, judged by the lines its named run shares (issue 13:
// "fewer real-logic pairs"). Pure, so that tests/tooling/duplicate-classes.unit.spec.ts holds the
// rule; scripts/duplicate-pairs.mjs runs the tool and reads the files.
//
// The rule, in order:
// 1. css: both files are stylesheets.
// 2. test: both files are tests (a *.spec.* file, or anything under tests/): set-ups and fixtures.
// 3. Otherwise the run's lines (blank lines, comments and lone punctuation dropped, as the tool
//    does) are matched against three line kinds; when at least 60% of the lines of the run on
//    EACH side are of one kind, the row is that kind:
//    - injection: a Nest constructor's parameter list (`private readonly x: X,`, `@Inject(...)`,
//      `constructor(`, `) {}`);
//    - ddl: SQL table definitions (`CREATE TABLE`, `name TEXT NOT NULL,`, keys and constraints);
//    - fields: type, interface and schema field lists (`name: string;`, `name?: Foo | null,`,
//      `name: z.string().min(1),`), with no call or arrow that does work.
// 4. logic: everything else.

/** @typedef {'css' | 'test' | 'injection' | 'ddl' | 'fields' | 'logic'} DuplicateClass */

const SQL_TYPES =
  'TEXT|VARCHAR|CHAR|INTEGER|INT|BIGINT|SMALLINT|SERIAL|BIGSERIAL|BOOLEAN|BOOL|TIMESTAMPTZ|TIMESTAMP|DATE|JSONB|JSON|UUID|NUMERIC|DECIMAL|REAL|DOUBLE|BYTEA|TSVECTOR';

const KINDS = {
  injection: [
    /^constructor\s*\(/,
    /^@Inject(?:able)?\(.*\)\s*(?:(?:private|protected|public)\s+)?(?:readonly\s+)?[\w$]*\s*:?.*,?$/,
    /^(?:@\w+\(.*\)\s*)?(?:private|protected|public)\s+(?:readonly\s+)?[\w$]+\s*:\s*[\w$.<>[\], |]+,?$/,
    /^\)\s*\{\s*\}?$/,
    /^super\(.*\);?$/,
  ],
  ddl: [
    /^CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX)\b/i,
    new RegExp(`^"?[a-z_][\\w]*"?\\s+(?:${SQL_TYPES})\\b`, 'i'),
    /^(?:PRIMARY\s+KEY|UNIQUE|FOREIGN\s+KEY|CONSTRAINT|CHECK)\b/i,
    /^\);?\s*`?,?;?$/,
  ],
  fields: [
    /^(?:readonly\s+)?['"]?[\w$]+['"]?\??\s*:\s*[^=()]*[;,]?$/,
    /^(?:readonly\s+)?['"]?[\w$]+['"]?\??\s*:\s*z\.[\w.()[\]'", ]*[;,]?$/,
    /^(?:export\s+)?(?:type|interface)\s+[\w$<>, ]+(?:=|\{|extends)/,
    /^\}\s*(?:\)\s*)?[;,]?$/,
  ],
};

const THRESHOLD = 0.6;

/** The lines the tool weighs: no blank lines, comments or lone punctuation. */
export function meaningfulLines(lines) {
  return lines
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^(?:\/\/|\/\*|\*|#|<!--)/.test(line) && !/^[\s{}()[\];,]*$/.test(line));
}

export const isStylesheet = (file) => /\.(?:css|scss|less)$/.test(file);
export const isTest = (file) => /\.spec\.[cm]?[jt]sx?$/.test(file) || /(?:^|\/)tests\//.test(file);

/** The share of a run's lines that are of one kind. */
function share(lines, kind) {
  if (lines.length === 0) return 0;
  return lines.filter((line) => KINDS[kind].some((pattern) => pattern.test(line))).length / lines.length;
}

/**
 * @param {{ file: string; lines: string[] }} a the named run on one side
 * @param {{ file: string; lines: string[] }} b the named run on the other side
 * @returns {DuplicateClass}
 */
export function classifyPair(a, b) {
  if (isStylesheet(a.file) && isStylesheet(b.file)) return 'css';
  if (isTest(a.file) && isTest(b.file)) return 'test';
  const left = meaningfulLines(a.lines);
  const right = meaningfulLines(b.lines);
  for (const kind of /** @type {const} */ (['injection', 'ddl', 'fields'])) {
    if (share(left, kind) >= THRESHOLD && share(right, kind) >= THRESHOLD) return kind;
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
