import net from 'node:net';

/** One message as the relay received it: its recipients and its raw DATA (headers and body). */
export type ReceivedMail = { readonly to: readonly string[]; readonly data: string };

/**
 * A mail relay stand-in speaking SMTP (RFC 5321: greeting, EHLO, MAIL, RCPT, DATA, QUIT) on a
 * local port, for what a real relay cannot show here. `holdData`: the relay takes a message's
 * DATA but never answers it, as a relay whose acknowledgement never arrives (the sender cannot
 * know whether it was delivered); messages it answered are `accepted`. `refuse`: every recipient
 * is refused for good (550), as a relay refuses a mailbox that does not exist; `recipients` holds
 * every RCPT it was asked, taken or not. Stopped, it can be started again on the same port (a
 * relay down for a while).
 */
export class SmtpStandIn {
  readonly received: ReceivedMail[] = [];
  readonly accepted: ReceivedMail[] = [];
  readonly recipients: string[] = [];
  /** The user names that signed in (AUTH PLAIN) with the password `auth` names; a wrong one is refused (535). */
  readonly signedIn: string[] = [];
  private readonly server = net.createServer((socket) => this.session(socket));
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  /** Refuse every recipient from now on (or take them again). */
  refuse: boolean;

  /** `oauth`: AUTH XOAUTH2 is offered too, the bearer token judged by it (e.g. the OAuth stand-in's introspection). */
  constructor(
    private readonly options: {
      holdData?: boolean;
      refuse?: boolean;
      auth?: { readonly user: string; readonly pass: string };
      oauth?: (user: string, token: string) => Promise<boolean>;
    } = {},
  ) {
    this.refuse = options.refuse ?? false;
  }

  /** Listens on `port` (by default the one it had, else any free one). */
  async start(port = this.port): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private session(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 relay.test ESMTP stand-in');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const mail = { to, data: buffer.slice(0, end) };
          buffer = buffer.slice(end + 5);
          inData = false;
          to = [];
          this.received.push(mail);
          if (this.options.holdData) return;
          this.accepted.push(mail);
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' && this.options.auth) {
          reply('250-relay.test');
          reply(this.options.oauth ? '250 AUTH PLAIN XOAUTH2' : '250 AUTH PLAIN');
        } else if (verb === 'EHLO' || verb === 'HELO') reply('250 relay.test');
        else if (verb === 'AUTH' && /^AUTH XOAUTH2 /i.test(line) && this.options.oauth) {
          // XOAUTH2: base64("user=" user ^A "auth=Bearer " token ^A ^A), one line.
          const fields = Buffer.from(line.split(' ')[2] ?? '', 'base64')
            .toString('utf8')
            .split('\x01');
          const user = fields.find((f) => f.startsWith('user='))?.slice(5) ?? '';
          const token = fields.find((f) => f.startsWith('auth=Bearer '))?.slice(12) ?? '';
          socket.pause();
          void this.options.oauth(user, token).then((ok) => {
            if (ok) this.signedIn.push(user);
            reply(ok ? '235 2.7.0 Authentication successful' : '535 5.7.8 Username and Password not accepted');
            socket.resume();
          });
        } else if (verb === 'AUTH') {
          // AUTH PLAIN <base64(authzid NUL user NUL pass)> (RFC 4954), sent in one line by nodemailer.
          const [, user, pass] = Buffer.from(line.split(' ')[2] ?? '', 'base64')
            .toString('utf8')
            .split('\0');
          const ok = this.options.auth?.user === user && this.options.auth?.pass === pass;
          if (ok) this.signedIn.push(user!);
          reply(ok ? '235 2.7.0 Authentication successful' : '535 5.7.8 Authentication credentials invalid');
        } else if (verb === 'MAIL') reply('250 2.1.0 ok');
        else if (verb === 'RCPT') {
          const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
          this.recipients.push(address);
          if (this.refuse) {
            reply(`550 5.1.1 <${address}>: Recipient address rejected: User unknown`);
            continue;
          }
          to.push(address);
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          if (to.length === 0) {
            reply('554 5.5.1 no valid recipients');
            continue;
          }
          inData = true;
          reply('354 end data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        } else reply('502 5.5.2 not implemented');
      }
    });
  }
}
