import type pg from 'pg';
import type { BenchContext } from './bench';

/**
 * `size` more leads in the demo broker's office, in the lead_feed and lead_scores tables the
 * projections keep (one INSERT … SELECT, seeded random): spread over the office's agents and
 * sites as the demo leads are, a year of arrivals, two thirds contacted, stages and tags spread.
 * Only read models: the lead's page is measured on a demo lead, whose events exist.
 */
export async function addLeads(ctx: Pick<BenchContext, 'progress'>, pool: pg.Pool, size: number): Promise<void> {
  ctx.progress(`dashboard-views: adding ${size.toLocaleString('en-US')} leads to the demo office`);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // The stage counts' row trigger would run 100,000 times: off for the bulk insert, the counts added after in one statement.
    await client.query('ALTER TABLE lead_feed DISABLE TRIGGER count_stages');
    await client.query('SELECT setseed(0.42)');
    await client.query(
      `WITH homes AS (
         SELECT DISTINCT office_id, assigned_agent_id, site_id FROM lead_feed WHERE office_id IS NOT NULL AND assigned_agent_id IS NOT NULL
       ), h AS (SELECT row_number() OVER () - 1 AS i, homes.* FROM homes),
       r AS (
         SELECT g, random() r1, random() r2, random() r3, random() r4, now() - random() * interval '365 days' AS created FROM generate_series(1, $1::int) g
       )
       INSERT INTO lead_feed (lead_id, user_id, site_id, full_name, email, phone, lead_type, source, assigned_agent_id, office_id, status, stage, tags,
                              first_contact_at, last_contact_at, in_pond, created_at, last_activity_at, own_activity_at)
       SELECT gen_random_uuid(), gen_random_uuid(), h.site_id, 'Bench Lead ' || g, 'bench-lead' || g || '@example.com', '206' || lpad(((g * 7919) % 10000000)::text, 7, '0'),
              CASE WHEN r1 < 0.7 THEN 'Buyer' ELSE 'Seller' END, (ARRAY['direct','zillow','realtor','referral'])[1 + floor(r2 * 4)::int],
              h.assigned_agent_id, h.office_id,
              CASE WHEN r3 < 0.65 THEN 'contacted' ELSE 'new' END,
              CASE WHEN r3 < 0.65 THEN (ARRAY['Attempted contact','Active','Nurture','Appointment set','Under contract','Closed','Lost'])[1 + floor(r4 * 7)::int] ELSE 'New' END,
              ARRAY(SELECT t FROM unnest(ARRAY['vip','buyer','seller','investor','first-time']) t WHERE random() < 0.12 AND g > 0),
              CASE WHEN r3 < 0.65 THEN created + r2 * interval '10 hours' END, CASE WHEN r3 < 0.65 THEN created + r4 * interval '30 days' END,
              false, created, created + r4 * (now() - created), created + r4 * (now() - created)
       FROM r JOIN h ON h.i = g % (SELECT count(*) FROM h)`,
      [size],
    );
    await client.query(
      `INSERT INTO lead_stage_counts AS c (office_id, assigned_agent_id, in_pond, stage, n)
       SELECT office_id, assigned_agent_id, in_pond, stage, count(*) FROM lead_feed WHERE email LIKE 'bench-lead%' GROUP BY 1, 2, 3, 4
       ON CONFLICT (office_id, assigned_agent_id, in_pond, stage) DO UPDATE SET n = c.n + EXCLUDED.n`,
    );
    await client.query('ALTER TABLE lead_feed ENABLE TRIGGER count_stages');
    await client.query(
      `INSERT INTO lead_scores (lead_id, user_id, office_id, score) SELECT lead_id, user_id, office_id, floor(random() * 100)::int FROM lead_feed WHERE email LIKE 'bench-lead%' AND random() < 0.8`,
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
  // As autovacuum leaves a table at rest (statistics; the visibility map that lets a count read an index alone).
  await pool.query('VACUUM lead_feed, lead_scores');
  await pool.query('VACUUM ANALYZE lead_feed, lead_scores');
}
