import type { Request } from 'express';
import { handleCommand } from '../../commands/handle-command';
import type { EventStore } from '../../eventstore/event-store.port';
import { commandContextOf } from '../../commands/request-context';
import { requireAuth } from '../accounts';
import { leadIdFor } from '../leads';
import { requireSite } from '../sites';
import { type OrganizerCommand, organizerDecider } from './organizer.decide';
import type { OrganizerEvent } from './organizer.events';
import { organizerStream } from './organizer.events';

type Owner = { readonly leadId: string; readonly userId: string; readonly siteId: string };
type WithoutOwner<C> = C extends unknown ? Omit<C, keyof Owner> : never;

/** The signed-in user's organizer on this site: the lead id is derived, so no lookup is needed. */
export function ownerOf(req: Request): Owner {
  const auth = requireAuth(req);
  const site = requireSite(req);
  return { leadId: leadIdFor(auth.userId, site.siteId), userId: auth.userId, siteId: site.siteId };
}

/** Load-fold-decide-append on the lead's organizer stream, as the signed-in user. */
export async function runOrganizerCommand(store: EventStore, req: Request, command: WithoutOwner<OrganizerCommand>): Promise<readonly OrganizerEvent[]> {
  const owner = ownerOf(req);
  const full = { ...command, ...owner } as OrganizerCommand;
  const result = await handleCommand(store, organizerStream(owner.leadId), organizerDecider, full, commandContextOf(req));
  return result.events;
}
