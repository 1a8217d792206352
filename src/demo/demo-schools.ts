import { readFile } from 'node:fs/promises';
import { systemContext } from '../commands/command-context';
import type { EventStore } from '../eventstore/event-store.port';
import { importSchools, readSchoolFile } from '../modules/schools';
import { logger } from '../shared/logger';
import { SEATTLE_SCHOOLS_CSV } from './demo-files';

const log = logger('demo');

/** The real Seattle schools sample (data/demo/README.md), near the demo's King County homes; importing it again changes nothing. */
export async function seedDemoSchools(store: EventStore): Promise<void> {
  const counts = await importSchools(store, [readSchoolFile(await readFile(SEATTLE_SCHOOLS_CSV, 'utf8'))], { ctx: systemContext() });
  if (counts.imported + counts.changed > 0) log.info('demo schools loaded', counts);
}
