import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configVariables } from '../../src/config/config';

/**
 * No Docker engine runs where the tests run, so the container files are checked as text: the
 * Dockerfile's stages, user and health check, the compose file's published ports and secrets,
 * and .env.example against the configuration the server reads.
 */
const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

type Instruction = { op: string; args: string };
const instructions = (text: string): Instruction[] =>
  text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [op, ...rest] = l.split(/\s+/);
      return { op: op!.toUpperCase(), args: rest.join(' ') };
    });

describe('Dockerfile', () => {
  const all = instructions(read('Dockerfile'));
  const stages = all.reduce<Instruction[][]>((acc, i) => (i.op === 'FROM' ? [...acc, [i]] : (acc.at(-1)?.push(i), acc)), []);
  const runtime = stages.at(-1)!;

  it('builds in one stage and runs from another with production dependencies only', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]!.some((i) => i.op === 'RUN' && /npm run build/.test(i.args))).toBe(true);
    expect(stages[0]!.some((i) => i.op === 'RUN' && /npm prune --omit=dev/.test(i.args))).toBe(true);
    expect(runtime.some((i) => i.op === 'RUN' && /npm (ci|install)/.test(i.args))).toBe(false);
    expect(runtime.find((i) => i.op === 'ENV')?.args).toMatch(/NODE_ENV=production/);
  });

  it('runs as a user other than root, with a health check on /health/live', () => {
    const user = runtime.filter((i) => i.op === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)(:|$)/);
    expect(runtime.find((i) => i.op === 'HEALTHCHECK')?.args).toMatch(/\/health\/live/);
    expect(runtime.find((i) => i.op === 'CMD')?.args).toMatch(/dist\/src\/main\.js/);
  });

  it('copies into the runtime image every file the server reads at run time', () => {
    const copied = runtime.filter((i) => i.op === 'COPY').map((i) => i.args.split(/\s+/).at(-2)!);
    for (const needed of [
      '/app/dist',
      '/app/web/dist',
      '/app/node_modules',
      '/app/data',
      '/app/package.json',
      '/app/src/modules/accounts/common-passwords.txt',
    ]) {
      expect(copied).toContain(needed);
    }
    // What the server reads beside its build: each of these exists in the repository.
    for (const file of ['data/demo/kc_house_data.csv.gz', 'data/demo/sacramento_transactions.csv.gz', 'src/modules/accounts/common-passwords.txt']) {
      expect(fs.existsSync(path.join(ROOT, file))).toBe(true);
    }
  });

  it('keeps build output, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['node_modules', '.data', '.env', '.git']) expect(ignored).toContain(entry);
  });
});

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml')) as {
    services: Record<string, { ports?: string[]; environment?: Record<string, string>; build?: unknown }>;
  };

  it('publishes no port beyond 127.0.0.1', () => {
    const ports = Object.values(compose.services).flatMap((s) => s.ports ?? []);
    expect(ports.length).toBeGreaterThan(0);
    for (const p of ports) expect(String(p)).toMatch(/^127\.0\.0\.1:/);
  });

  it('holds no fixed password: secrets come from .env', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (/PASSWORD|SECRET|KEY|TOKEN/.test(key)) expect(`${name}.${key}=${value}`).toMatch(/=\$\{[A-Z_]+(:[?-][^}]*)?\}$/);
        if (key === 'DATABASE_URL') expect(value).toMatch(/:\$\{POSTGRES_PASSWORD[^}]*\}@/);
      }
    }
  });

  it('builds the app from the Dockerfile and runs it in production mode', () => {
    expect(compose.services.app?.build).toBe('.');
    expect(compose.services.app?.environment?.NODE_ENV).toBe('production');
  });
});

describe('.env.example', () => {
  const listed = new Set([...read('.env.example').matchAll(/^#?\s?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
  const composeOnly = ['POSTGRES_PASSWORD', 'APP_PORT'];

  it('lists every variable the server reads', () => {
    expect(configVariables.filter((v) => !listed.has(v))).toEqual([]);
  });

  it('lists nothing the server or the compose file does not read', () => {
    expect([...listed].filter((v) => !configVariables.includes(v) && !composeOnly.includes(v))).toEqual([]);
  });
});

describe('docs/configuration.md', () => {
  it('explains every variable the server reads', () => {
    const page = read('docs/configuration.md');
    expect(configVariables.filter((v) => !page.includes(`\`${v}\``))).toEqual([]);
  });
});
