import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KING_COUNTY_CSV, SACRAMENTO_CSV } from '../../src/demo/demo-files';

const ROOT = path.resolve(__dirname, '../..');
const SKIP = new Set(['node_modules', '.git', 'dist', '.data', '.data-figures', 'coverage', '.vite']);
const TEXT = /\.(ts|tsx|mts|mjs|js|json|md|yml|yaml|html|css|sh|txt)$|^(Dockerfile|run|\.env\.example)$/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.isSymbolicLink()) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

// Built from pieces so that this file does not match itself.
const up = '\\.\\.';
const outside = [
  new RegExp(`${up}/shared/(data|spec|docs|hooks)`),
  new RegExp(`['"]${up}['"],\\s*['"]shared['"]`),
  new RegExp(`projectRoot,\\s*['"]${up}`),
  // The folder this was written in and its neighbour, named without spelling the path out.
  new RegExp(['', 'work', '(main|shared)', ''].join('/')),
];

/**
 * A clone in any folder of any machine installs, starts, tests and documents itself: no file of
 * the project reads or names a path outside the repository (the demo data ships in data/demo/).
 */
describe('the repository is self-contained', () => {
  it('names no path outside itself', () => {
    const offenders: string[] = [];
    for (const file of files(ROOT)) {
      const text = fs.readFileSync(file, 'utf8');
      text.split('\n').forEach((line, i) => {
        if (outside.some((re) => re.test(line))) offenders.push(`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('ships the demo data inside the repository', () => {
    for (const file of [KING_COUNTY_CSV, SACRAMENTO_CSV]) {
      expect(path.relative(ROOT, file).startsWith('data/demo/')).toBe(true);
      expect(fs.statSync(file).size).toBeGreaterThan(10_000);
    }
  });
});
