import type pg from 'pg';
import { decodeFacts, rulesFor, type RulesRow, scoreOnly } from './lead-score';
import { factsOfLead, scoredAsOf } from './score-tables';

type Tables = { readonly tx: pg.PoolClient; readonly table: (base: string) => string };

/** Leads per statement: big enough that a rules change over 100,000 leads is a few dozen round trips. */
const CHUNK = 5_000;

/**
 * Scores these leads (or every lead) again from their stored facts, under the rules their office
 * has now, as of the instant `scoredAsOf` gives, and stores each score with whether it still
 * fades. The breakdown (score-queries.ts) folds the same facts, rules and instant, so the listed
 * score and the opened breakdown agree. `onChunk`: how many leads are done so far.
 */
export async function rescore({ tx, table }: Tables, leads: readonly string[] | 'all', onChunk?: (done: number) => void): Promise<void> {
  if (leads !== 'all' && leads.length === 0) return;
  const t = table;
  const { rows: ruleRows } = await tx.query<RulesRow>(
    `SELECT DISTINCT ON (scope) scope, version, rules FROM ${t('lead_score_rules')} ORDER BY scope, version DESC`,
  );
  const { rows: clock } = await tx.query<{ latest_ms: string }>(`SELECT latest_ms FROM ${t('lead_score_clock')}`);
  const clockMs = Number(clock[0]?.latest_ms ?? 0);
  if (leads !== 'all') await tx.query(`INSERT INTO ${t('lead_scores')} (lead_id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING`, [leads]);
  const select = `SELECT s.lead_id, s.office_id, ${factsOfLead(t('lead_score_facts'), 's.lead_id')} AS facts FROM ${t('lead_scores')} s`;
  let done = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (let i = 0; ; i += CHUNK) {
    const { rows } =
      leads === 'all'
        ? await tx.query<{ lead_id: string; office_id: string | null; facts: string }>(`${select} WHERE s.lead_id > $1 ORDER BY s.lead_id LIMIT ${CHUNK}`, [
            after,
          ])
        : await tx.query<{ lead_id: string; office_id: string | null; facts: string }>(`${select} WHERE s.lead_id = ANY($1::uuid[])`, [
            leads.slice(i, i + CHUNK),
          ]);
    if (rows.length === 0) break;
    const ids: string[] = [];
    const scores: number[] = [];
    const versions: number[] = [];
    const lastAt: (string | null)[] = [];
    const fading: boolean[] = [];
    for (const r of rows) {
      const facts = decodeFacts(r.facts);
      const { version, rules } = rulesFor(ruleRows, r.office_id);
      const lastMs = facts.length ? facts[facts.length - 1]!.ms! : null;
      const s = lastMs === null ? { score: 0, fading: false } : scoreOnly(facts, rules, scoredAsOf(lastMs, clockMs));
      ids.push(r.lead_id);
      scores.push(s.score);
      versions.push(version);
      lastAt.push(lastMs === null ? null : new Date(lastMs).toISOString());
      fading.push(s.fading);
    }
    await tx.query(
      `UPDATE ${t('lead_scores')} s SET score = v.score, rules_version = v.version, last_at = v.last_at, fading = v.fading
         FROM unnest($1::uuid[], $2::int[], $3::int[], $4::timestamptz[], $5::bool[]) AS v(lead_id, score, version, last_at, fading)
        WHERE s.lead_id = v.lead_id`,
      [ids, scores, versions, lastAt, fading],
    );
    done += rows.length;
    after = rows[rows.length - 1]!.lead_id;
    onChunk?.(done);
    if (leads !== 'all' && i + CHUNK >= leads.length) break;
  }
}
