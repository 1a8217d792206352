import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { ImapFlow } from 'imapflow';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Where Debian's dovecot-imapd puts the server (scripts/ensure-dovecot.mjs installs it). */
export const DOVECOT = process.env.DOVECOT_PATH || '/usr/sbin/dovecot';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The uid/gid mail is kept under: dovecot refuses mail access as root, so as root the package's own `dovecot` user. */
function mailOwner(): { uid: number; gid: number; internal: string; login: string } {
  const me = os.userInfo();
  if (me.uid !== 0) return { uid: me.uid, gid: process.getgid?.() ?? me.gid, internal: me.username, login: me.username };
  const line = execFileSync('getent', ['passwd', 'dovecot'], { encoding: 'utf8' }).trim().split(':');
  return { uid: Number(line[2]), gid: Number(line[3]), internal: 'dovecot', login: 'dovenull' };
}

/**
 * A real IMAP server for the tests: Debian's dovecot started as its own process with its own
 * configuration in a temporary folder (users from a passwd-file, maildir, plain text on a free
 * local port, no system service), stopped and removed by `stop`.
 */
export class DovecotServer {
  port = 0;
  private process: ChildProcess | null = null;
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dovecot-'));

  /** `oauth2IntrospectionUrl`: also accept SASL XOAUTH2 / OAUTHBEARER, the token checked there (dovecot's oauth2 passdb, RFC 7662 by POST). */
  constructor(
    private readonly users: Readonly<Record<string, string>>,
    private readonly options: { readonly oauth2IntrospectionUrl?: string } = {},
  ) {}

  async start(): Promise<this> {
    this.port = await freePort();
    const owner = mailOwner();
    const d = this.dir;
    for (const sub of ['run', 'state', 'home']) fs.mkdirSync(path.join(d, sub), { recursive: true });
    fs.chmodSync(d, 0o755);
    fs.writeFileSync(
      path.join(d, 'passwd'),
      Object.entries(this.users)
        .map(([u, p]) => `${u}:{PLAIN}${p}::::::\n`)
        .join(''),
    );
    for (const user of Object.keys(this.users)) {
      const home = path.join(d, 'home', user);
      fs.mkdirSync(home, { recursive: true });
      fs.chownSync(home, owner.uid, owner.gid);
    }
    fs.chownSync(path.join(d, 'home'), owner.uid, owner.gid);
    const oauth2 = this.options.oauth2IntrospectionUrl;
    if (oauth2) {
      fs.writeFileSync(
        path.join(d, 'oauth2.conf.ext'),
        `introspection_mode = post\nintrospection_url = ${oauth2}\nusername_attribute = email\nactive_attribute = active\nactive_value = true\n`,
      );
    }
    fs.writeFileSync(
      path.join(d, 'dovecot.conf'),
      `base_dir = ${d}/run
state_dir = ${d}/state
log_path = ${d}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2 ? ' xoauth2 oauthbearer' : ''}
default_internal_user = ${owner.internal}
default_login_user = ${owner.login}
first_valid_uid = ${Math.min(owner.uid, 500)}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${d}/passwd
}
${oauth2 ? `passdb {\n  driver = oauth2\n  mechanisms = xoauth2 oauthbearer\n  args = ${d}/oauth2.conf.ext\n}\n` : ''}userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${d}/home/%u
}
mail_location = maildir:~/Maildir
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = create
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${this.port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`,
    );
    this.process = spawn(DOVECOT, ['-F', '-c', path.join(d, 'dovecot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    this.process.stderr?.on('data', (c) => (stderr += String(c)));
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (this.process.exitCode !== null) throw new Error(`dovecot ended at start: ${stderr}${this.log()}`);
      if (await this.answers()) return this;
      if (Date.now() > deadline) throw new Error(`dovecot did not answer on ${this.port}: ${stderr}${this.log()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Files a plain-text message in a user's folder as their provider would (INBOX: received; Sent: sent from another client). */
  async deliver(user: string, folder: 'INBOX' | 'Sent', m: { from: string; to: string; subject: string; text: string; messageId?: string }): Promise<void> {
    const client = new ImapFlow({ host: '127.0.0.1', port: this.port, secure: false, auth: { user, pass: this.users[user]! }, logger: false });
    await client.connect();
    const id = m.messageId ? `Message-ID: ${m.messageId}\r\n` : '';
    await client.append(
      folder,
      `From: ${m.from}\r\nTo: ${m.to}\r\nSubject: ${m.subject}\r\nDate: ${new Date().toUTCString()}\r\n${id}Content-Type: text/plain; charset=utf-8\r\n\r\n${m.text}\r\n`,
    );
    await client.logout();
  }

  /** The server's log (it names what a test did wrong, e.g. a refused login). */
  log(): string {
    try {
      return fs.readFileSync(path.join(this.dir, 'dovecot.log'), 'utf8');
    } catch {
      return '';
    }
  }

  private answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const s = net.connect(this.port, '127.0.0.1');
      s.once('data', (b) => {
        s.destroy();
        resolve(String(b).startsWith('* OK'));
      });
      s.once('error', () => resolve(false));
    });
  }

  async stop(): Promise<void> {
    const p = this.process;
    if (p && p.exitCode === null && p.signalCode === null) {
      const ended = new Promise((r) => p.once('exit', r));
      p.kill('SIGTERM');
      await ended;
    }
    this.process = null;
  }

  /** Stops it (if running) and removes its folder: the end of a test file. */
  async remove(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
