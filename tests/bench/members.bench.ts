import { randomUUID } from 'node:crypto';
import { membersProjection } from '../../projections/members';
import { ProjectionRunner } from '../../projections/runner';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import { loadConfig } from '../../src/config/config';
import { PostgresEventStore } from '../../src/eventstore/postgres/postgres-event-store';
import { registrationAppends, type SecurityLevel } from '../../src/modules/accounts';
import type { MemberCriteria } from '../../src/contract/backoffice';
import { findMembers } from '../../projections/members';
import { mulberry32 } from '../../src/shared/prng';
import type { Benchmark, BenchContext } from './bench';

const FIRST = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Maria',
  'Wei',
  'Mei',
  'Anh',
  'Minh',
  'Priya',
  'Arjun',
  'Fatima',
  'Omar',
  'Olga',
  'Ivan',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Nguyen',
  'Tran',
  'Patel',
  'Kim',
  'Chen',
  'Wang',
  'Ali',
  'Ivanova',
  'Novak',
];
const DOMAINS = ['gmail.test', 'yahoo.test', 'outlook.test', 'realty.test', 'homes.test'];
const SITES = 200;
const RUNS = 200;

/**
 * Member search at 100k accounts (issue 7): accounts registered through the product's own
 * registration appends, the members projection's catch-up, and the latency of findmembers for
 * the searches staff make (a name fragment, a whole or partial e-mail, phone digits, a site, a
 * level with a name), each run against the trigram indexes.
 */
export const membersBenchmark: Benchmark = {
  name: 'members',
  description: 'back-office member search: members projection catch-up and findmembers latency at 100k accounts',
  async run(ctx) {
    if (!ctx.wants('members')) return;
    const size = ctx.quick ? 20_000 : 100_000;
    const label = ctx.quick ? '20k' : '100k';
    const config = loadConfig({});
    const db = await ctx.createDatabase({ poolSize: 10 });
    const store = new PostgresEventStore(db.pool, { pollMs: 200, databaseUrl: db.url });
    try {
      const samples = await seed(ctx, store, size);
      await db.pool.query('VACUUM ANALYZE events');
      const runner = new ProjectionRunner({
        pool: db.pool,
        databaseUrl: db.url,
        store,
        projections: [membersProjection],
        batchSize: config.projections.batchSize,
      });
      const t0 = performance.now();
      runner.start();
      await runner.waitForCatchUp(3_600_000);
      const seconds = (performance.now() - t0) / 1000;
      await runner.stop();
      await db.pool.query('VACUUM ANALYZE members');
      ctx.record({
        key: 'members-catch-up',
        label: `members projection catch-up at ${label} accounts`,
        value: Math.round((size + SITES) / seconds),
        unit: 'events/s',
        detail: `${size.toLocaleString('en-US')} registrations and ${SITES} sites in ${seconds.toFixed(1)} s`,
      });

      const random = mulberry32(7);
      const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
      const kinds: [string, () => MemberCriteria][] = [
        ['name fragment', () => ({ q: pick(samples).last.slice(0, 4).toLowerCase(), page: 1, perpage: 25 })],
        ['whole e-mail', () => ({ q: pick(samples).email, page: 1, perpage: 25 })],
        ['e-mail fragment', () => ({ email: pick(samples).email.split('@')[0]!.slice(0, 6), page: 1, perpage: 25 })],
        ['phone digits', () => ({ phone: pick(samples).phone.slice(3, 10), page: 1, perpage: 25 })],
        ['site', () => ({ site: `site${Math.floor(random() * SITES)}x`, page: 1, perpage: 25 })],
        ['level and name', () => ({ q: pick(samples).first.toLowerCase(), level: 10, page: 1, perpage: 25 })],
        ['first and last name, page 3', () => ({ q: `${pick(samples).first} ${pick(samples).last}`.toLowerCase(), page: 3, perpage: 25 })],
      ];
      const all: number[] = [];
      const details: string[] = [];
      for (const [name, criteria] of kinds) {
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const c = criteria();
          const s = performance.now();
          await findMembers(db.pool, c);
          times.push(performance.now() - s);
        }
        times.sort((a, b) => a - b);
        all.push(...times);
        details.push(`${name} p95 ${p(times, 0.95).toFixed(1)} ms`);
      }
      all.sort((a, b) => a - b);
      ctx.record({
        key: 'members-search-p50',
        label: `findmembers at ${label} accounts, p50`,
        value: round(p(all, 0.5)),
        unit: 'ms',
        lowerIsBetter: true,
        detail: `${kinds.length} kinds × ${RUNS} runs`,
      });
      ctx.record({
        key: 'members-search-p95',
        label: `findmembers at ${label} accounts, p95`,
        value: round(p(all, 0.95)),
        unit: 'ms',
        goal: 50,
        lowerIsBetter: true,
        detail: details.join('; '),
      });
    } finally {
      await store.close();
      await db.close();
    }
  },
};

const p = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 10) / 10;

type Sample = { first: string; last: string; email: string; phone: string };

async function seed(ctx: BenchContext, store: PostgresEventStore, size: number): Promise<Sample[]> {
  const random = mulberry32(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const ctxOf = systemContext(new Date('2025-01-01T00:00:00Z'));
  const siteIds = Array.from({ length: SITES }, () => randomUUID());
  const owners = siteIds.map(() => randomUUID());
  await store.appendMany(
    siteIds.map((siteId, i) => ({
      streamId: `site-${siteId}`,
      expected: 'no_stream' as const,
      events: [
        {
          type: 'SiteCreated',
          eventId: randomUUID(),
          metadata: metadataOf(ctxOf),
          data: {
            siteId,
            subdomain: `site${i}x`,
            name: `Realty ${i}`,
            kind: 'broker',
            ownerUserId: owners[i],
            DomainName: null,
            masterSiteId: null,
            isDefault: false,
            settings: {},
          },
        },
      ],
    })),
  );
  const samples: Sample[] = [];
  const CHUNK = 250;
  for (let from = 0; from < size; from += CHUNK) {
    const appends = [];
    for (let i = from; i < Math.min(size, from + CHUNK); i++) {
      const first = pick(FIRST);
      const last = pick(LAST);
      const email = `${first}.${last}.${i}@${pick(DOMAINS)}`.toLowerCase();
      const phone = `${200 + Math.floor(random() * 799)}${String(Math.floor(random() * 10_000_000)).padStart(7, '0')}`;
      const roll = random();
      const level: SecurityLevel = roll < 0.9 ? 5 : roll < 0.98 ? 10 : roll < 0.995 ? 15 : 25;
      if (i % 50 === 0) samples.push({ first, last, email, phone });
      appends.push(
        ...registrationAppends(
          {
            userId: i < SITES ? owners[i]! : randomUUID(),
            email,
            firstName: first,
            lastName: last,
            securityLevel: level,
            siteId: level === 25 ? null : pick(siteIds),
            cellPhone: phone,
            from: 'bench',
            at: ctxOf.now.toISOString(),
          },
          ctxOf,
        ),
      );
    }
    await store.appendMany(appends);
    if ((from + CHUNK) % 20_000 === 0) ctx.progress(`members: ${(from + CHUNK).toLocaleString('en-US')} accounts registered`);
  }
  return samples;
}
