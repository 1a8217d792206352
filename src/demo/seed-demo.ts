import type { CommandBus } from '@nestjs/cqrs';
import { metadataOf, systemContext } from '../commands/command-context';
import { beginStream } from '../commands/decide-and-append';
import { AppError } from '../shared/errors';
import { newId } from '../shared/ids';
import type { EventStore } from '../eventstore/event-store.port';
import { RegisterUserCommand } from '../modules/accounts';
import { CreateSiteCommand } from '../modules/sites';
import { logger } from '../shared/logger';
import { DEMO_SITES, DEMO_USERS } from './demo-accounts';
import { seedDemoLeads } from './demo-leads';
import { hasAnyAccount } from '../modules/setup';

const log = logger('demo');

const MARKER = 'demo-seed';

/**
 * Loads the demo data through the same commands users trigger; nothing here writes a read
 * model. It runs while the product has no accounts and the seed has not finished: a start that
 * was killed half-way finishes the job (each step skips what already exists), and a product
 * that has real accounts is never seeded.
 */
export async function seedDemo(store: EventStore, commands: CommandBus, password: string): Promise<boolean> {
  if ((await store.streamRevision(MARKER)) !== undefined) return false;
  const firstUser = await store.streamRevision(`user-${DEMO_USERS[0]!.userId}`);
  if (firstUser === undefined && (await hasAnyAccount(store))) return false;
  const siteIdOf = (key: string | null) => (key ? DEMO_SITES.find((s) => s.key === key)!.siteId : null);
  const userIdOf = (key: string | null) => (key ? DEMO_USERS.find((u) => u.key === key)!.userId : null);
  const ctx = systemContext();

  for (const u of DEMO_USERS) {
    await skipExisting(
      commands.execute(
        new RegisterUserCommand(
          {
            userId: u.userId,
            email: u.email,
            firstName: u.firstName,
            lastName: u.lastName,
            securityLevel: u.securityLevel,
            siteId: siteIdOf(u.site),
            officeId: userIdOf(u.broker),
            password,
            from: 'demo data',
          },
          { ...ctx, siteId: siteIdOf(u.site) },
        ),
      ),
    );
  }
  for (const s of DEMO_SITES) {
    await skipExisting(
      commands.execute(
        new CreateSiteCommand(
          {
            siteId: s.siteId,
            subdomain: s.subdomain,
            name: s.name,
            kind: s.kind,
            ownerUserId: userIdOf(s.owner)!,
            masterSiteId: siteIdOf(s.master),
            isDefault: s.isDefault,
            settings: { Registration_AllowPartialName: false },
          },
          { ...ctx, siteId: s.siteId },
        ),
      ),
    );
  }
  await seedDemoLeads(store, commands);
  await beginStream(store, MARKER, [
    { type: 'DemoSeeded', data: { users: DEMO_USERS.length, sites: DEMO_SITES.length }, eventId: newId(), metadata: metadataOf(ctx) },
  ]);
  log.info('demo data loaded', { users: DEMO_USERS.length, sites: DEMO_SITES.length });
  return true;
}

async function skipExisting(done: Promise<unknown>): Promise<void> {
  try {
    await done;
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'conflict')) throw err;
  }
}
