// Run by `npm test` (and `npm run test:e2e`) before vitest: the browser tier needs Chromium.
// Present: nothing to do. Missing, as root with apt: installs Debian's chromium, as .ci/run does.
// Otherwise: stops here with one line saying how to get it, instead of every browser test
// failing on its own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterInstall, decideChromium } from './chromium-decision.mjs';

const exists = (p) => fs.existsSync(p);
const onPath = (name) => (process.env.PATH ?? '').split(':').some((dir) => dir && exists(`${dir}/${name}`));

let decision = decideChromium({
  chromiumPath: process.env.CHROMIUM_PATH || undefined,
  exists,
  isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
  hasApt: onPath('apt-get'),
});

if (decision.action === 'install') {
  process.stderr.write(`Chromium is missing at ${decision.path}: installing Debian's chromium (${decision.commands.map((c) => c.join(' ')).join(' && ')})\n`);
  let installed = true;
  try {
    for (const [cmd, ...args] of decision.commands) execFileSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } catch {
    installed = false;
  }
  decision = afterInstall({ exists, installed });
}

if (decision.action === 'stop') {
  process.stderr.write(`${decision.message}\n`);
  process.exit(1);
}
