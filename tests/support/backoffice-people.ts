import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { systemContext } from '../../src/commands/command-context';
import { afterAll, beforeAll } from 'vitest';
import { type Started, startServer } from '../../src/main';
import { RegisterUserCommand, type SecurityLevel } from '../../src/modules/accounts';
import { CreateSiteCommand } from '../../src/modules/sites';
import { testConfig } from './test-config';
import { createTestDatabase, type TestDatabase } from './test-database';
import { WebClient } from './web-client';

export const PASSWORD = 'porchlight-test-password';

export type Person = { readonly userId: string; readonly email: string; readonly level: SecurityLevel };

/** Registers an account through the product's own command (no read model is written by hand). */
export async function registerPerson(
  server: Started,
  p: {
    email: string;
    firstName: string;
    lastName: string;
    level: SecurityLevel;
    siteId?: string | null;
    officeId?: string | null;
    cellPhone?: string | null;
    withPassword?: boolean;
    via?: 'seed' | 'inquiry';
  },
): Promise<Person> {
  const userId = randomUUID();
  await server.app.get(CommandBus).execute(
    new RegisterUserCommand(
      {
        userId,
        email: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
        securityLevel: p.level,
        siteId: p.siteId ?? null,
        officeId: p.officeId ?? null,
        cellPhone: p.cellPhone ?? null,
        password: p.withPassword === false ? undefined : PASSWORD,
        ...(p.via ? { via: p.via } : {}),
      },
      systemContext(),
    ),
  );
  return { userId, email: p.email, level: p.level };
}

/**
 * A small cast for back-office tests on a server started without the demo data: staff, a broker
 * with the default site `demo`, an agent, and a lead; each can sign in with PASSWORD.
 */
/** `leadVia: 'inquiry'`: the lead's address is not proved yet (as a lead who came through an inquiry form). */
export async function castOf(server: Started, o: { leadVia?: 'seed' | 'inquiry' } = {}) {
  const siteId = randomUUID();
  const staff = await registerPerson(server, { email: 'sam.staff@porchlight.test', firstName: 'Sam', lastName: 'Staff', level: 25 });
  const staff2 = await registerPerson(server, { email: 'stella.staff@porchlight.test', firstName: 'Stella', lastName: 'Staff', level: 25 });
  const broker = await registerPerson(server, { email: 'blair@demo.test', firstName: 'Blair', lastName: 'Broker', level: 15, siteId });
  const agent = await registerPerson(server, { email: 'jane@demo.test', firstName: 'Jane', lastName: 'Agent', level: 10, siteId, officeId: broker.userId });
  const lead = await registerPerson(server, {
    email: 'lee.lead@demo.test',
    firstName: 'Lee',
    lastName: 'Lead',
    level: 5,
    siteId,
    cellPhone: '2065550100',
    via: o.leadVia,
  });
  await server.app
    .get(CommandBus)
    .execute(
      new CreateSiteCommand({ siteId, subdomain: 'demo', name: 'Demo Realty', kind: 'broker', ownerUserId: broker.userId, isDefault: true }, systemContext()),
    );
  await server.runtime.runner.waitForCatchUp();
  return { siteId, staff, staff2, broker, agent, lead };
}

/** A browser stand-in signed in as the person. */
export async function signedIn(server: Started, person: Person | null): Promise<WebClient> {
  const c = WebClient.for(server.url);
  if (!person) return c;
  const res = await c.post('/api/account/login', { Email: person.email, password: PASSWORD });
  if (res.body?.isSuccess !== true) throw new Error(`Sign-in of ${person.email} failed: ${res.text}`);
  return c;
}

export type BackofficeWorld = {
  readonly db: TestDatabase;
  readonly server: Started;
  readonly cast: Awaited<ReturnType<typeof castOf>>;
  /** Signed in as cast.staff. */
  readonly staff: WebClient;
};

/** A server of its own without demo data, the cast and a staff client, for one test file. */
export function backofficeWorld(env: Record<string, string> = {}): BackofficeWorld {
  const w = {} as { -readonly [K in keyof BackofficeWorld]: BackofficeWorld[K] };
  beforeAll(async () => {
    w.db = await createTestDatabase({ migrate: false });
    w.server = await startServer(testConfig(w.db.url, env));
    w.cast = await castOf(w.server);
    w.staff = await signedIn(w.server, w.cast.staff);
  });
  afterAll(async () => {
    await w.server?.stop();
    await w.db?.drop();
  });
  return w;
}
