// Run by `npm test` (and `npm run test:int`) before vitest: the agent-mailbox tests start their own
// IMAP server, Debian's dovecot (tests/support/dovecot-server.ts), with their own configuration.
// Present: nothing to do. Missing, as root with apt: installs dovecot-imapd, as .ci/run does.
// Otherwise: stops here with one line saying how to get it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const path = process.env.DOVECOT_PATH || '/usr/sbin/dovecot';
const onPath = (name) => (process.env.PATH ?? '').split(':').some((dir) => dir && fs.existsSync(`${dir}/${name}`));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

if (!fs.existsSync(path)) {
  if (process.env.DOVECOT_PATH || !isRoot || !onPath('apt-get')) {
    process.stderr.write(
      `The mailbox tests need dovecot's IMAP server at ${path}: install it (sudo apt-get install -y dovecot-imapd) or set DOVECOT_PATH to a dovecot binary, then run the tests again.\n`,
    );
    process.exit(1);
  }
  process.stderr.write(`dovecot is missing at ${path}: installing Debian's dovecot-imapd (apt-get update && apt-get install -y dovecot-imapd)\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', 'dovecot-imapd'], { stdio: 'inherit', env });
  } catch {
    // Said below.
  }
  if (!fs.existsSync(path)) {
    process.stderr.write(`Installing dovecot-imapd with apt-get did not give ${path} (see above): install it by hand, then run the tests again.\n`);
    process.exit(1);
  }
}
