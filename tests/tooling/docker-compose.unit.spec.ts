import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docker-compose.yml read line by line (no YAML parser is a dependency of the project): it uses
 * the short forms only, `ports: [...]` or `- "..."` items, and `KEY: value` or `- KEY=value`
 * environment entries, which this reads; anything else in a ports list is refused as unreadable.
 */
const lines = fs.readFileSync(path.join(__dirname, '../../docker-compose.yml'), 'utf8').split('\n');
const indentOf = (line: string) => line.length - line.trimStart().length;
const unquote = (v: string) => v.trim().replace(/^["']|["']$/g, '');
const code = (line: string) => line.replace(/\s+#.*$/, '');

/** Every published port, as written, with its line number. */
function publishedPorts(): { line: number; mapping: string }[] {
  const out: { line: number; mapping: string }[] = [];
  lines.forEach((raw, i) => {
    const m = /^(\s*)ports:\s*(.*)$/.exec(code(raw));
    if (!m) return;
    const inline = m[2]!.trim();
    if (inline) {
      const items = /^\[(.*)\]$/.exec(inline);
      for (const item of items ? items[1]!.split(',') : [inline]) if (item.trim()) out.push({ line: i + 1, mapping: unquote(item) });
      return;
    }
    for (let j = i + 1; j < lines.length && (lines[j]!.trim() === '' || indentOf(lines[j]!) > m[1]!.length); j++) {
      if (lines[j]!.trim() === '') continue;
      const item = /^\s*-\s*(.*)$/.exec(code(lines[j]!));
      // A long-syntax entry (target/published/host_ip on lines of their own) is not a mapping this reads: refused.
      out.push({ line: j + 1, mapping: item ? unquote(item[1]!) : `unreadable: ${lines[j]!.trim()}` });
    }
  });
  return out;
}

/** Every environment entry `NAME: value` or `- NAME=value`, with its line number. */
function environment(): { line: number; name: string; value: string }[] {
  const out: { line: number; name: string; value: string }[] = [];
  lines.forEach((raw, i) => {
    const line = code(raw);
    const entry = /^\s*-?\s*([A-Z][A-Z0-9_]*)\s*[:=]\s*(.*)$/.exec(line);
    if (entry) out.push({ line: i + 1, name: entry[1]!, value: unquote(entry[2]!) });
  });
  return out;
}

const SECRET_NAME = /PASSWORD|SECRET|TOKEN|MASTER_KEY|_KEY$/;
const FROM_ENV = /^\$\{[A-Z][A-Z0-9_]*:\?[^}]*\}$/;

describe('docker-compose.yml', () => {
  it('publishes every port on 127.0.0.1 only', () => {
    const ports = publishedPorts();
    expect(ports.length).toBeGreaterThan(0);
    expect(ports.filter((p) => !/^127\.0\.0\.1:\d+:\d+$/.test(p.mapping)).map((p) => `line ${p.line}: ${p.mapping}`)).toEqual([]);
  });

  it('holds no literal password, key or secret: each comes from .env and is required (${NAME:?...})', () => {
    const env = environment();
    const secrets = env.filter((e) => SECRET_NAME.test(e.name));
    expect(secrets.map((e) => e.name)).toEqual(expect.arrayContaining(['POSTGRES_PASSWORD', 'MEILI_MASTER_KEY', 'MEILI_KEY']));
    expect(secrets.filter((e) => !FROM_ENV.test(e.value)).map((e) => `line ${e.line}: ${e.name}`)).toEqual([]);
    // Nor one inside a URL (user:password@host).
    const inUrls = env.filter((e) => /:\/\/[^/@\s]*:([^@/\s]+)@/.exec(e.value) && !/:\/\/[^/@\s]*:\$\{[A-Z0-9_]+:\?[^}]*\}@/.test(e.value));
    expect(inUrls.map((e) => `line ${e.line}: ${e.name}`)).toEqual([]);
  });

  it('runs the app in production mode', () => {
    expect(environment().filter((e) => e.name === 'NODE_ENV').map((e) => e.value)).toEqual(['production']);
  });
});
