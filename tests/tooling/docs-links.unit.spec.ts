import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ are what a newcomer reads first: a link that leads nowhere, a README that
 * grew back into a history book, or a pointer outside the repository (which a clone does not
 * have) is a broken promise. Links are checked as GitHub renders them: relative to the page, to a
 * file of the repository, and to a heading of that file when they name an anchor.
 */
const ROOT = path.resolve(__dirname, '../..');
const NOT_THE_REPOSITORY = /(^|\/)(node_modules|dist|\.data[^/]*|coverage)(\/|$)/;

function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return walk(p);
      return e.name.endsWith('.md') ? [p] : [];
    });
  return [path.join(ROOT, 'README.md'), ...walk(path.join(ROOT, 'docs'))];
}

/** The text outside fenced code blocks and inline code spans, where links and headings live. */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line;
  });
}

/** GitHub's heading anchors: the rendered text lower-cased, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of prose(text)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const rendered = m[1]!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const base = rendered
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

function linksOf(text: string): string[] {
  const links: string[] = [];
  for (const line of prose(text)) {
    const bare = line.replace(/`[^`]*`/g, '');
    for (const m of bare.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push(m[1]!);
  }
  return links;
}

function brokenLinks(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const broken: string[] = [];
  for (const link of linksOf(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto: and the like leave the repository on purpose
    const [target = '', anchor] = link.split('#', 2);
    const resolved = target === '' ? file : target.startsWith('/') ? path.join(ROOT, target) : path.resolve(path.dirname(file), decodeURI(target));
    const inside = path.relative(ROOT, resolved);
    if (inside.startsWith('..') || NOT_THE_REPOSITORY.test(inside) || !fs.existsSync(resolved)) {
      broken.push(`${link} (no such file in the repository)`);
      continue;
    }
    if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(fs.readFileSync(resolved, 'utf8')).has(anchor)) {
      broken.push(`${link} (no heading for #${anchor})`);
    }
  }
  return broken;
}

describe('README and docs/', () => {
  const files = markdownFiles();

  it('hold pages to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => [path.relative(ROOT, f), f]))('%s: every relative link resolves to a file of the repository and its anchor', (_name, file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it('README.md fits on a few screens (at most 220 lines)', () => {
    const lines = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(220);
  });

  it.each(files.map((f) => [path.relative(ROOT, f), f]))('%s: no development history and no pointer outside the repository', (_name, file) => {
    const text = fs.readFileSync(file, 'utf8');
    const found = [/issue \d+/gi, /\.\.\/shared/g, /shared\/spec/g, /\/work\//g].flatMap((re) => text.match(re) ?? []);
    expect(found).toEqual([]);
  });
});

describe('the link checker', () => {
  it('finds a missing file, a missing heading, and skips code and outside addresses', () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'docs-links-'));
    try {
      const page = path.join(dir, 'page.md');
      fs.writeFileSync(
        page,
        '# A `code` title: here\n\n## Same\n\n## Same\n\n[ok](#a-code-title-here) [ok](#same-1) [ok](page.md#same)\n' +
          '[gone](missing.md) [bad](#nowhere) [out](https://example.com/x.md) `[code](nothing.md)`\n```\n[fenced](nothing.md)\n```\n',
      );
      expect(brokenLinks(page)).toEqual(['missing.md (no such file in the repository)', '#nowhere (no heading for #nowhere)']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a link that leaves the repository', () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'docs-links-'));
    try {
      const page = path.join(dir, 'page.md');
      fs.writeFileSync(page, '[up](../../package.json)\n');
      expect(brokenLinks(page)).toEqual(['../../package.json (no such file in the repository)']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
