import fs from 'node:fs';
import path from 'node:path';

/** How many files a web feature folder (web/src/features/<feature>/, sub-folders and tests included) may hold. */
export const FEATURE_MAX_FILES = 40;

/**
 * Public-site features already over the cap when it came in, each with its count then as its
 * ceiling: they may not grow, and the check says when one's line can go.
 */
export const OVERSIZE_FEATURES: Readonly<Record<string, number>> = {};

/** Every file under each feature folder, counted as `find -type f` counts them. */
export function featureFileCounts(root: string): Map<string, number> {
  const dir = path.join(root, 'web/src/features');
  const counts = new Map<string, number>();
  const count = (abs: string): number =>
    fs.readdirSync(abs, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? count(path.join(abs, e.name)) : 1), 0);
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) counts.set(e.name, count(path.join(dir, e.name)));
  return counts;
}

/** Each feature over its ceiling, and each exception no longer needed, as one line saying what to do. */
export function featureSizeViolations(counts: ReadonlyMap<string, number>, exceptions: Readonly<Record<string, number>> = OVERSIZE_FEATURES): string[] {
  const out: string[] = [];
  for (const [feature, n] of [...counts].sort()) {
    const ceiling = exceptions[feature] ?? FEATURE_MAX_FILES;
    if (n > ceiling)
      out.push(
        `size: web/src/features/${feature} has ${n} files, over its ${ceiling} (split it into features along its seams${feature in exceptions ? '; it may not grow while it is cut down' : ''})`,
      );
  }
  for (const [feature, ceiling] of Object.entries(exceptions)) {
    const n = counts.get(feature) ?? 0;
    if (n <= FEATURE_MAX_FILES) out.push(`size: web/src/features/${feature} is down to ${n} files; remove its exception (${ceiling}) from OVERSIZE_FEATURES`);
  }
  return out;
}
