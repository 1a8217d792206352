#!/usr/bin/env node
// Counts the repeats `duplicates` finds over a checkout by kind (issue 13: "fewer real-logic
// pairs"): `node scripts/duplicate-pairs.mjs [DIR] [--list]`. The rule for the kinds is in
// scripts/duplicate-classes.mjs.
//
// `duplicates --most` stops at 200 rows and this tree has more pairs than that, so the script also
// runs it over parts of the tree: folders split until each part lists all its pairs, then every
// two parts together for the pairs across them (each part and each two copied to a scratch
// folder). A pair keeps the verdict (boilerplate or not) of the largest run that listed it. The
// first line gives the whole tree's own totals beside what the merged lists hold, so a gap shows.
// `--rows FILE` keeps the merged lists in FILE and reads them from there when it exists (the
// runs take minutes on a large tree; the kinds are then judged again from the files as they are).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { classifyPair, parseRow } from './duplicate-classes.mjs';

const MOST = 200;
const args = process.argv.slice(2);
const list = args.includes('--list');
const rowsAt = args.indexOf('--rows');
const rowsFile = rowsAt >= 0 ? path.resolve(args[rowsAt + 1]) : undefined;
const root = path.resolve(args.find((arg, i) => !arg.startsWith('--') && (rowsAt < 0 || i !== rowsAt + 1)) ?? '.');

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && fs.existsSync(path.join(root, file)) && !fs.lstatSync(path.join(root, file)).isSymbolicLink());

function duplicates(dir) {
  const out = execFileSync('duplicates', ['--most', String(MOST), '--seconds', '300', '--repo', dir], { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 });
  const lines = out.split('\n');
  const header = /^(\d+) pairs of places \((\d+) files read\).*?(?:\((\d+) by shape alone, (\d+) of those marked boilerplate\))?$/.exec(lines[0]) ?? [];
  return {
    pairs: Number(header[1] ?? 0),
    files: Number(header[2] ?? 0),
    boilerplate: Number(header[4] ?? 0),
    rows: lines.map(parseRow).filter(Boolean),
    cut: lines.some((line) => /^\(\+\d+ more pairs\)$/.test(line)),
    incomplete: lines.filter((line) => line.startsWith('incomplete:')),
  };
}

let scratchCount = 0;
const scratchRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'duplicate-pairs-'));
/** `duplicates` over a copy of just these files. */
function duplicatesOf(files) {
  const dir = path.join(scratchRoot, String(scratchCount++));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(dir, file));
  }
  const result = duplicates(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  return result;
}

const key = (row) => [row.a.file, row.b.file].sort().join(' ~ ');
const merged = new Map(); // key -> { row, files }
function keep(rows, files, only = () => true) {
  for (const row of rows) {
    if (!only(row)) continue;
    const known = merged.get(key(row));
    if (!known || known.files < files) merged.set(key(row), { row, files });
  }
}

const cached = rowsFile && fs.existsSync(rowsFile) ? JSON.parse(fs.readFileSync(rowsFile, 'utf8')) : undefined;
const whole = cached?.whole ?? duplicates(root);
keep(whole.rows, whole.files);
const cutRuns = cached?.cutRuns ?? [];
for (const { row, files } of cached?.merged ?? []) keep([row], files);

/** Folders split until each part's own run lists all of its pairs. */
function parts(prefix, files) {
  const run = duplicatesOf(files);
  keep(run.rows, run.files);
  if (!run.cut) return [{ label: prefix || '.', files }];
  const byChild = new Map();
  for (const file of files) {
    const rest = file.slice(prefix.length);
    const child = rest.includes('/') ? prefix + rest.slice(0, rest.indexOf('/') + 1) : `${prefix}*`;
    byChild.set(child, [...(byChild.get(child) ?? []), file]);
  }
  if (byChild.size === 1 && byChild.has(`${prefix}*`)) {
    cutRuns.push(prefix || '.');
    return [{ label: prefix || '.', files }];
  }
  return [...byChild].flatMap(([child, childFiles]) => (child.endsWith('*') ? [{ label: child, files: childFiles }] : parts(child, childFiles)));
}

if (whole.cut && !cached) {
  const units = parts('', tracked);
  for (let i = 0; i < units.length; i++) {
    for (let j = i + 1; j < units.length; j++) {
      const inI = new Set(units[i].files);
      const run = duplicatesOf([...units[i].files, ...units[j].files]);
      if (run.cut) cutRuns.push(`${units[i].label} + ${units[j].label}`);
      keep(run.rows, run.files, (row) => inI.has(row.a.file) !== inI.has(row.b.file));
    }
  }
}
fs.rmSync(scratchRoot, { recursive: true, force: true });
if (rowsFile && !cached) fs.writeFileSync(rowsFile, JSON.stringify({ whole, cutRuns, merged: [...merged.values()] }));

const linesOf = (side) =>
  fs
    .readFileSync(path.join(root, side.file), 'utf8')
    .split('\n')
    .slice(side.from - 1, side.to);
const counts = { css: 0, test: 0, wiring: 0, ddl: 0, fields: 0, logic: 0 };
const logic = [];
let boilerplate = 0;
for (const { row } of merged.values()) {
  if (row.boilerplate) {
    boilerplate++;
    continue;
  }
  const kind = classifyPair({ file: row.a.file, lines: linesOf(row.a) }, { file: row.b.file, lines: linesOf(row.b) });
  counts[kind]++;
  if (kind === 'logic') logic.push(`${row.a.file}:${row.a.from}-${row.a.to} ~ ${row.b.file}:${row.b.from}-${row.b.to}${row.shape ? ' shape' : ''}`);
}

console.log(`whole tree: ${whole.pairs} pairs, ${whole.boilerplate} boilerplate, ${whole.pairs - whole.boilerplate} not (${whole.files} files)`);
console.log(`merged lists: ${merged.size} pairs, ${boilerplate} boilerplate, ${merged.size - boilerplate} not`);
console.log(
  `not boilerplate by kind: ${Object.entries(counts)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ')}`,
);
if (cutRuns.length) console.log(`still cut at ${MOST} rows: ${cutRuns.join('; ')}`);
for (const line of whole.incomplete) console.log(line);
if (list) for (const line of logic.sort()) console.log(`logic ${line}`);
