import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { afterInstall, DEFAULT_CHROMIUM, decideChromium } from '../../scripts/chromium-decision.mjs';

const ROOT = path.resolve(__dirname, '../..');
const only =
  (...paths: string[]) =>
  (p: string) =>
    paths.includes(p);

/** Issue 12 §7: `npm test` on a machine without Chromium. */
describe("npm test's Chromium check", () => {
  it('uses Chromium where it is, installing nothing', () => {
    expect(decideChromium({ chromiumPath: undefined, exists: only(DEFAULT_CHROMIUM), isRoot: true, hasApt: true })).toEqual({
      action: 'ready',
      path: '/usr/bin/chromium',
    });
    expect(decideChromium({ chromiumPath: '/opt/chrome/chrome', exists: only('/opt/chrome/chrome'), isRoot: false, hasApt: false })).toEqual({
      action: 'ready',
      path: '/opt/chrome/chrome',
    });
  });

  it("installs Debian's chromium as root with apt, as .ci/run does", () => {
    expect(decideChromium({ chromiumPath: undefined, exists: only(), isRoot: true, hasApt: true })).toEqual({
      action: 'install',
      path: '/usr/bin/chromium',
      commands: [
        ['apt-get', 'update'],
        ['apt-get', 'install', '-y', 'chromium'],
      ],
    });
    expect(afterInstall({ exists: only(DEFAULT_CHROMIUM), installed: true })).toEqual({ action: 'ready', path: '/usr/bin/chromium' });
    const failed = afterInstall({ exists: only(), installed: false });
    expect(failed.action === 'stop' && failed.message).toMatch(
      /^Installing Debian's chromium with apt-get did not give \/usr\/bin\/chromium .*apt-get install -y chromium.*CHROMIUM_PATH/,
    );
  });

  it('otherwise stops with one line that says how to install it or where to point CHROMIUM_PATH', () => {
    for (const facts of [
      { isRoot: false, hasApt: true },
      { isRoot: true, hasApt: false },
      { isRoot: false, hasApt: false },
    ]) {
      const d = decideChromium({ chromiumPath: undefined, exists: only(), ...facts });
      expect(d.action).toBe('stop');
      const message = d.action === 'stop' ? d.message : '';
      expect(message).not.toContain('\n');
      expect(message).toMatch(/^The browser tests need Chromium at \/usr\/bin\/chromium: install it \(.+\) or set CHROMIUM_PATH/);
      if (facts.hasApt) expect(message).toContain('sudo apt-get install -y chromium');
    }
  });

  it('never installs over a CHROMIUM_PATH that does not exist: it names the variable', () => {
    const d = decideChromium({ chromiumPath: '/nowhere/chrome', exists: only(DEFAULT_CHROMIUM), isRoot: true, hasApt: true });
    expect(d).toEqual({
      action: 'stop',
      message: expect.stringMatching(/^The browser tests need Chromium, but CHROMIUM_PATH=\/nowhere\/chrome does not exist/),
    });
  });

  it('the script stops npm test with that one line and a failure status, and passes when Chromium is there', () => {
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['scripts/ensure-chromium.mjs'], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
    const missing = run({ CHROMIUM_PATH: '/nowhere/chrome' });
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim().split('\n')).toEqual([expect.stringContaining('CHROMIUM_PATH=/nowhere/chrome does not exist')]);
    // node itself stands in for a browser binary that exists.
    const present = run({ CHROMIUM_PATH: process.execPath });
    expect({ status: present.status, stderr: present.stderr }).toEqual({ status: 0, stderr: '' });
  });

  it('runs before vitest in npm test and in the browser tier', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.test).toMatch(/node scripts\/ensure-chromium\.mjs && .*vitest run$/);
    expect(scripts['test:e2e']).toMatch(/node scripts\/ensure-chromium\.mjs && .*vitest run --project e2e$/);
  });
});
