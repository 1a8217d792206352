import { metadataOf, type CommandContext } from '../../commands/command-context';
import { decideAndAppend } from '../../commands/decide-and-append';
import type { EventStore } from '../../eventstore/event-store.port';
import { conflict, validation } from '../../shared/errors';
import { newId } from '../../shared/ids';
import { LEVEL, parseEmail, passwordProblem, RegisterUserCommand } from '../accounts';
import { CreateSiteCommand, parseSiteDomain } from '../sites';

/** What the first run creates: the first staff account and, optionally, the first brokerage (a broker's account and site). */
export type FirstRun = {
  readonly email: string;
  readonly name: string;
  readonly password: string;
  readonly brokerage?: {
    readonly name: string;
    readonly brokerEmail: string;
    readonly brokerName: string;
    readonly subdomain: string;
    readonly domain?: string | null;
  };
};

export type FirstRunDone = { readonly staffUserId: string; readonly brokerUserId: string | null; readonly siteId: string | null };

/** The bus the server runs commands on, or the command-line tool's own dispatcher: both reach the same handlers. */
export type Commands = { execute(command: RegisterUserCommand | CreateSiteCommand): Promise<unknown> };

export const FIRST_RUN_MESSAGES = {
  done: 'This product is already set up: sign in with a staff account',
  name: 'Please enter a first and last name',
  brokerName: "Please enter the broker's first and last name",
  brokerage: 'Please enter the brokerage name',
  subdomain: 'A subdomain is 1 to 63 lower-case letters, digits or dashes',
  sameEmail: 'The broker needs an e-mail address of their own (not the staff account’s)',
} as const;

const FIRST_RUN_STREAM = 'first-run';
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Whether any account exists: the first run is offered only before the first one. */
export async function hasAnyAccount(store: EventStore): Promise<boolean> {
  const page = await store.readAll({ transactionId: 0n, globalPosition: 0n }, { types: ['UserRegistered'], limit: 1 });
  return page.events.length > 0;
}

function splitName(name: string, message: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2 || parts.some((p) => p.length > 60)) throw validation(message);
  return { firstName: parts[0]!, lastName: parts.slice(1).join(' ') };
}

/** Every check before anything is appended, so that a refused first run leaves nothing behind. */
function checked(input: FirstRun) {
  const email = parseEmail(input.email);
  if (!email) throw validation('Please enter a valid email');
  const staff = { email, ...splitName(input.name, FIRST_RUN_MESSAGES.name) };
  const problem = passwordProblem(input.password);
  if (problem) throw validation(problem);
  const b = input.brokerage;
  if (!b) return { staff, brokerage: null };
  const name = b.name.trim();
  if (!name || name.length > 80) throw validation(FIRST_RUN_MESSAGES.brokerage);
  const brokerEmail = parseEmail(b.brokerEmail);
  if (!brokerEmail) throw validation("Please enter the broker's e-mail address");
  if (brokerEmail === email) throw validation(FIRST_RUN_MESSAGES.sameEmail);
  const subdomain = b.subdomain.trim().toLowerCase();
  if (!SUBDOMAIN.test(subdomain)) throw validation(FIRST_RUN_MESSAGES.subdomain);
  const domain = b.domain?.trim() ? parseSiteDomain(b.domain) : null;
  return { staff, brokerage: { name, subdomain, domain, broker: { email: brokerEmail, ...splitName(b.brokerName, FIRST_RUN_MESSAGES.brokerName) } } };
}

/**
 * The first run, through the same commands the back office uses: the staff account, then the
 * broker's account and the brokerage's site (the default site, so that it answers on the
 * product's own address). Refused once any account exists; two at once cannot both run (the
 * first-run stream is appended at the revision read).
 */
export async function runFirstRun(store: EventStore, commands: Commands, input: FirstRun, ctx: CommandContext): Promise<FirstRunDone> {
  const c = checked(input);
  if (await hasAnyAccount(store)) throw conflict(FIRST_RUN_MESSAGES.done);
  await decideAndAppend(
    store,
    async () => {
      const revision = await store.streamRevision(FIRST_RUN_STREAM);
      return {
        appends: [
          {
            streamId: FIRST_RUN_STREAM,
            expected: revision ?? 'no_stream',
            events: [{ type: 'FirstRunStarted', data: { brokerage: c.brokerage !== null }, eventId: newId(), metadata: metadataOf(ctx) }],
          },
        ],
        result: undefined,
      };
    },
    // Another first run began after this one read: it is that one's to finish.
    { lostRace: () => conflict(FIRST_RUN_MESSAGES.done) },
  );
  const staffUserId = newId();
  await commands.execute(
    new RegisterUserCommand(
      { userId: staffUserId, ...c.staff, securityLevel: LEVEL.staff, siteId: null, password: input.password, from: 'first-run setup' },
      ctx,
    ),
  );
  if (!c.brokerage) return { staffUserId, brokerUserId: null, siteId: null };
  const siteId = newId();
  const brokerUserId = newId();
  const b = c.brokerage;
  await commands.execute(
    new RegisterUserCommand({ userId: brokerUserId, ...b.broker, securityLevel: LEVEL.broker, siteId, from: 'first-run setup' }, { ...ctx, siteId }),
  );
  await commands.execute(
    new CreateSiteCommand(
      { siteId, subdomain: b.subdomain, name: b.name, kind: 'broker', ownerUserId: brokerUserId, DomainName: b.domain, isDefault: true },
      { ...ctx, siteId },
    ),
  );
  return { staffUserId, brokerUserId, siteId };
}
