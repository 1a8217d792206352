import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedSyncStream } from '../../src/modules/feeds';
import { projectRoot } from '../../src/shared/paths';
import { seriousViolations } from '../support/axe';
import { TEST_SECRET } from '../support/feed-fixture';
import { feedsInBrowser } from '../support/feeds-in-browser';

const cli = path.join(projectRoot, 'dist', 'src', 'cli', 'feed.cli.js');

describe('the Feeds tab after a run was killed (kill -9), in Chromium', () => {
  // The scheduler stays out of the way (one sweep an hour): the person starts the next run.
  const world = feedsInBrowser({ sweepMs: 3_600_000, listings: 2000, resoDelayMs: 100 });

  it('says "interrupted" with why, offers "Sync now", and the next run ends the feed "ok"', async () => {
    const { db, server, reso } = world;
    const page = await world.staffPage();
    const env = { ...process.env, DATABASE_URL: db.url, SECRET_KEY: TEST_SECRET, LOG_LEVEL: 'warn' };
    const cliRun = (...args: string[]) => spawn('node', [cli, ...args], { env, stdio: 'ignore' });
    const exit = (c: ReturnType<typeof cliRun>) => new Promise((resolve) => c.on('exit', resolve));
    const auth = ['--url', reso.url, '--token-url', reso.tokenUrl, '--client-id', 'porchlight', '--client-secret', 's3cret'];
    expect(await exit(cliRun('add', 'CUT', ...auth, '--page-size', '100', '--resources', 'Property'))).toBe(0);

    const run = cliRun('sync', 'CUT');
    const ended = exit(run);
    const checkpoints = async () => (await server.runtime.store.readStream(feedSyncStream('CUT'))).filter((e) => e.type === 'FeedCheckpointAdvanced').length;
    await expect.poll(checkpoints, { timeout: 60_000 }).toBeGreaterThan(0);
    run.kill('SIGKILL');
    await ended;

    await page.goto(`${server.url}/dashboard/backoffice`);
    await page.getByRole('link', { name: 'Feeds' }).click();
    const row = page.locator('tr[data-feed="CUT"]');
    await row.locator('[data-interrupted]').waitFor({ timeout: 30_000 });
    await row.getByText(/The sync started at .* stopped before it finished \(its process ended\)/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    reso.options.delayMs = 0;
    const syncNow = row.getByRole('button', { name: 'Sync now CUT' });
    expect(await syncNow.isEnabled()).toBe(true);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/backoffice/feeds/CUT/sync') && r.request().method() === 'POST'),
      syncNow.click(),
    ]);
    expect(answer.status()).toBe(202);
    await row.getByText('ok', { exact: true }).waitFor({ timeout: 60_000 });
    expect(await row.locator('[data-interrupted]').count()).toBe(0);
  });
});
