import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../tests/support/test-config';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { systemContext } from '../../commands/command-context';
import type { NearbySchools } from '../../contract/schools';
import { type Started, startServer } from '../../main';
import { projectRoot } from '../../shared/paths';
import { SEATTLE_SCHOOLS_CSV } from '../../demo/demo-files';
import { importSchools, readSchoolFile } from './index';

const run = promisify(execFile);

/** GET /api/school and `npm run import -- schools` over the real NCES sample (tests/fixtures/schools). */
describe('nearby schools', () => {
  let db: TestDatabase;
  let server: Started;
  const nearest = async (query: string) => {
    await server.runtime.runner.waitForCatchUp();
    const res = await fetch(`${server.url}/api/school?${query}`);
    return { status: res.status, body: (await res.json()) as NearbySchools & { message?: string } };
  };
  const eventCount = async () => Number((await db.pool.query<{ n: string }>("SELECT count(*) AS n FROM events WHERE stream_id LIKE 'school-%'")).rows[0]!.n);

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    server = await startServer(testConfig(db.url));
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it('imports the sample, and the same file again appends nothing; a changed school is one new event', async () => {
    const text = await fs.readFile(SEATTLE_SCHOOLS_CSV, 'utf8');
    expect(await importSchools(server.runtime.store, [readSchoolFile(text)], { ctx: systemContext() })).toEqual({
      imported: 5,
      changed: 0,
      unchanged: 0,
      rejected: 0,
    });
    const after = await eventCount();
    expect(after).toBe(5);
    expect(await importSchools(server.runtime.store, [readSchoolFile(text)], { ctx: systemContext() })).toEqual({
      imported: 0,
      changed: 0,
      unchanged: 5,
      rejected: 0,
    });
    expect(await eventCount()).toBe(after);

    const renamed = text.replace('Cascadia Elementary,', 'Cascadia Elementary School,');
    expect(await importSchools(server.runtime.store, [readSchoolFile(renamed)], { ctx: systemContext() })).toEqual({
      imported: 0,
      changed: 1,
      unchanged: 4,
      rejected: 0,
    });
    expect(await eventCount()).toBe(after + 1);
    const { body } = await nearest('lat=47.695&lng=-122.337&limit=1');
    expect(body.schools[0]).toMatchObject({ ncessch: '530771003390', name: 'Cascadia Elementary School' });
    await importSchools(server.runtime.store, [readSchoolFile(text)], { ctx: systemContext() });
  });

  it('answers the nearest schools first, with level, grades and distance in miles, within 5 miles', async () => {
    // A point on E Jefferson St, between Garfield High and Bailey Gatzert.
    const { status, body } = await nearest('lat=47.6035&lng=-122.3080');
    expect(status).toBe(200);
    expect(body.schools.map((s) => s.name)).toEqual([
      'Garfield High School',
      'Bailey Gatzert Elementary',
      'Cleveland High School STEM',
      'B F Day Elementary School',
    ]);
    const distances = body.schools.map((s) => s.distanceMiles);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body.schools[0]).toMatchObject({ level: 'High', grades: '9–12', address: '400 23rd Ave, Seattle, WA 98122' });
    expect(body.schools[1]).toMatchObject({ level: 'Elementary', grades: 'K–5' });
    expect(body.schools[0]!.distanceMiles).toBeGreaterThan(0.2);
    expect(body.schools[0]!.distanceMiles).toBeLessThan(0.5);
    expect((await nearest('lat=47.6035&lng=-122.3080&limit=2')).body.schools).toHaveLength(2);
    // Cascadia lies about 6.4 miles north: beyond the radius, until the point moves.
    expect((await nearest('lat=47.66&lng=-122.34&limit=1')).body.schools[0]?.name).toBe('B F Day Elementary School');
    expect((await nearest('lat=47.70&lng=-122.34&limit=1')).body.schools[0]?.name).toBe('Cascadia Elementary');
    // Sacramento: no school of the sample within 5 miles.
    expect((await nearest('lat=38.58&lng=-121.49')).body).toEqual({ schools: [] });
  });

  it('refuses a missing or out-of-range point with a clear message', async () => {
    expect(await nearest('lng=-122.3')).toMatchObject({ status: 400, body: { message: 'lat is required' } });
    expect(await nearest('lat=95&lng=-122.3')).toMatchObject({ status: 400, body: { message: 'lat must be between -90 and 90' } });
    expect(await nearest('lat=abc&lng=-122.3')).toMatchObject({ status: 400, body: { message: 'lat must be a number' } });
    expect(await nearest('lat=47&lng=-122&limit=500')).toMatchObject({ status: 400 });
    expect(await nearest('lat=47&lng=-122&x=1')).toMatchObject({ status: 400, body: { message: 'Unknown field: x' } });
  });

  it('`npm run import -- schools` reads the file, reports bad rows and imports the rest; again, nothing changes', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'porchlight-schools-'));
    try {
      const file = path.join(dir, 'schools.csv');
      const text = await fs.readFile(SEATTLE_SCHOOLS_CSV, 'utf8');
      await fs.writeFile(
        file,
        `${text}53,WASHINGTON,WA,No Place School,Seattle School District No. 1,530771009999,1 Main St,Seattle,WA,98101,KG,05,Elementary,,\n`,
      );
      const env = { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'error' };
      const cli = path.join(projectRoot, 'dist', 'src', 'cli', 'import.cli.js');
      const first = await run(process.execPath, [cli, 'schools', file], { env });
      expect(first.stdout.trim()).toBe('imported 0, changed 0, unchanged 5, rejected 1');
      expect(first.stderr).toContain('row 7 rejected: school 530771009999 has no usable LAT/LON');
      const bad = path.join(dir, 'bad.csv');
      await fs.writeFile(bad, 'id,name\n1,x\n');
      const refused = await run(process.execPath, [cli, 'schools', bad], { env }).catch((e: { code: number; stderr: string }) => e);
      expect(refused).toMatchObject({ code: 1 });
      expect((refused as { stderr: string }).stderr).toContain('the header has no NCESSCH, LAT, LON column');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
