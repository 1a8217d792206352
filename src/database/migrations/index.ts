import type { Migration } from '../migrate';
import { eventStore } from './001-event-store';
import { projectionCheckpoints } from './002-projection-checkpoints';

/** In order; a migration, once released, is never edited: add the next one instead. */
export const migrations: readonly Migration[] = [eventStore, projectionCheckpoints];
