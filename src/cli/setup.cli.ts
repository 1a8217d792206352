import fs from 'node:fs';
import { systemContext } from '../commands/command-context';
import { loadConfig } from '../config/config';
import { openDatabase } from '../database/database';
import { PostgresEventStore } from '../eventstore/postgres/postgres-event-store';
import { RegisterUserCommand, RegisterUserHandler } from '../modules/accounts';
import { type Commands, type FirstRun, runFirstRun } from '../modules/setup';
import { CreateSiteCommand } from '../modules/sites';
import { DecideCommandHandler } from '../commands/decide-command';
import { AppError } from '../shared/errors';
import { setLogFormat, setLogLevel } from '../shared/logger';
import { runCli } from './run-cli';

const USAGE = `Usage:
  npm run setup -- --email ADDRESS --name "FIRST LAST" --password-from-stdin
                   [--brokerage NAME --broker-email ADDRESS --broker-name "FIRST LAST" --site SUBDOMAIN [--domain DOMAIN]]

Creates the first staff account (the password from stdin's first line, or SETUP_PASSWORD) and,
with --brokerage, the first brokerage: the broker's account (who sets a password with "Forgot
password?") and the brokerage's site, the default one, answering on the product's address.
Only before any account exists. Works whether or not the server is running, on the same
database (DATABASE_URL or DATA_DIR).
Exit codes: 0 set up, 1 refused (already set up, or the input), 2 usage.`;

type Args = {
  email: string;
  name: string;
  passwordFromStdin: boolean;
  brokerage?: string;
  brokerEmail?: string;
  brokerName?: string;
  site?: string;
  domain?: string;
};

const VALUE_FLAGS: Record<string, keyof Args> = {
  '--email': 'email',
  '--name': 'name',
  '--brokerage': 'brokerage',
  '--broker-email': 'brokerEmail',
  '--broker-name': 'brokerName',
  '--site': 'site',
  '--domain': 'domain',
};

function parseArgs(argv: string[]): Args | string {
  const args: Args = { email: '', name: '', passwordFromStdin: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return '';
    if (a === '--password-from-stdin') args.passwordFromStdin = true;
    else if (VALUE_FLAGS[a]) (args as Record<string, unknown>)[VALUE_FLAGS[a]] = argv[++i] ?? '';
    else return `Unknown option ${a}`;
  }
  if (!args.email || !args.name) return '--email and --name are required';
  const brokerage = [args.brokerage, args.brokerEmail, args.brokerName, args.site];
  if (brokerage.some((v) => v !== undefined) && brokerage.some((v) => !v)) return 'A brokerage needs --brokerage, --broker-email, --broker-name and --site';
  if (args.domain !== undefined && !args.brokerage) return '--domain needs a brokerage';
  return args;
}

function readPassword(args: Args, fromEnvironment: string | undefined): string | null {
  if (args.passwordFromStdin) return fs.readFileSync(0, 'utf8').split(/\r?\n/)[0] ?? '';
  return fromEnvironment ?? null;
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args ? `${args}\n\n` : ''}${USAGE}\n`);
    return args ? 2 : 0;
  }
  const password = readPassword(args, loadConfig().setupPassword);
  if (password === null) {
    process.stderr.write(`Give the password on stdin with --password-from-stdin, or in SETUP_PASSWORD\n\n${USAGE}\n`);
    return 2;
  }
  const input: FirstRun = {
    email: args.email,
    name: args.name,
    password,
    brokerage: args.brokerage
      ? { name: args.brokerage, brokerEmail: args.brokerEmail!, brokerName: args.brokerName!, subdomain: args.site!, domain: args.domain ?? null }
      : undefined,
  };
  const config = loadConfig();
  setLogLevel(config.logLevel === 'info' ? 'warn' : config.logLevel);
  setLogFormat(config.logFormat);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const store = new PostgresEventStore(db.pool, { pollMs: config.projections.pollMs, databaseUrl: db.url });
  // The same handlers the server's command bus runs, without the server.
  const register = new RegisterUserHandler(store);
  const createSite = new DecideCommandHandler(store);
  const commands: Commands = { execute: (c) => (c instanceof RegisterUserCommand ? register.execute(c) : createSite.execute(c as CreateSiteCommand)) };
  try {
    await runFirstRun(store, commands, input, systemContext());
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 1;
  } finally {
    await store.close();
    await db.close();
  }
  process.stdout.write(
    `Set up: staff account ${args.email}${input.brokerage ? `; brokerage ${input.brokerage.name} (broker ${input.brokerage.brokerEmail}) at ${config.publicUrl}` : ''}. Sign in at ${config.publicUrl}/account/login/admin\n`,
  );
  return 0;
}

runCli(main);
