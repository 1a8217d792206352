import { randomUUID } from 'node:crypto';
import { metadataOf, systemContext } from '../../src/commands/command-context';
import type { Started } from '../../src/main';
import { loadLead } from '../../src/modules/leads';

/** A fixed-offset zone (Etc/GMT±n) where the wall clock reads `hour` o'clock at `now`: a lead's night or day whatever the hour the test runs. */
export function zoneAtHour(hour: number, now = new Date()): string {
  let east = (((hour - now.getUTCHours()) % 24) + 24) % 24;
  if (east > 14) east -= 24;
  // POSIX-style names: Etc/GMT-3 is three hours east of UTC.
  return east === 0 ? 'Etc/GMT' : `Etc/GMT${east > 0 ? '-' : '+'}${Math.abs(east)}`;
}

/** The lead signed in from a browser in `zone`: their own zone from then on. */
export async function leadSignedInFrom(server: Started, leadId: string, zone: string): Promise<void> {
  const { lead } = await loadLead(server.runtime.store, leadId);
  if (!lead.exists) throw new Error('no such lead');
  await server.runtime.store.append(`user-${lead.userId}`, 'any', [
    {
      type: 'UserSignedIn',
      data: { userId: lead.userId, method: 'password', timezone: null, timezoneName: zone },
      eventId: randomUUID(),
      metadata: metadataOf(systemContext(new Date(), lead.siteId)),
    },
  ]);
}
