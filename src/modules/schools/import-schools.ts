import { type CommandContext, metadataOf } from '../../commands/command-context';
import { decideAndAppend } from '../../commands/decide-and-append';
import type { EventStore, StreamAppend } from '../../eventstore/event-store.port';
import { newId } from '../../shared/ids';
import type { SchoolRow } from './ccd-school-file';
import { type SchoolRecord, schoolStream } from './school-record';
import type { SchoolListed } from './schools.events';

export type SchoolImportCounts = { imported: number; changed: number; unchanged: number; rejected: number };

const BATCH = 500;

const sameSchool = (a: SchoolRecord, b: SchoolRecord): boolean => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

/**
 * Appends SchoolListed for every school that is new or changed, a batch of streams at a time
 * (read in one round trip, appended in one transaction, read and decided again after a lost race), and nothing for a school the store
 * already holds as it is: importing the same file twice changes nothing. A school twice in one
 * file counts once, the later row winning.
 */
export async function importSchools(
  store: EventStore,
  rows: AsyncIterable<readonly SchoolRow[]> | Iterable<readonly SchoolRow[]>,
  options: {
    readonly ctx: CommandContext;
    readonly onRejected?: (row: number, message: string) => void;
    readonly onProgress?: (c: SchoolImportCounts) => void;
  },
): Promise<SchoolImportCounts> {
  const counts: SchoolImportCounts = { imported: 0, changed: 0, unchanged: 0, rejected: 0 };
  let pending = new Map<string, SchoolRecord>();
  const flush = async () => {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    const { result } = await decideAndAppend(store, async () => {
      const known = await store.readStreams([...batch.keys()].map(schoolStream));
      const appends: StreamAppend[] = [];
      const seen = { imported: 0, changed: 0, unchanged: 0 };
      const metadata = metadataOf({ ...options.ctx, now: new Date() });
      for (const [ncessch, school] of batch) {
        const events = known.get(schoolStream(ncessch)) ?? [];
        const last = events.at(-1) as ((typeof events)[number] & SchoolListed) | undefined;
        if (last && sameSchool(last.data.school, school)) {
          seen.unchanged++;
          continue;
        }
        if (last) seen.changed++;
        else seen.imported++;
        const event: SchoolListed = { type: 'SchoolListed', data: { school } };
        appends.push({
          streamId: schoolStream(ncessch),
          expected: last ? last.streamPosition : 'no_stream',
          events: [{ ...event, eventId: newId(), metadata }],
        });
      }
      return { appends, result: seen };
    });
    counts.imported += result.imported;
    counts.changed += result.changed;
    counts.unchanged += result.unchanged;
    options.onProgress?.({ ...counts });
  };
  for await (const piece of rows) {
    for (const r of piece) {
      if ('rejected' in r) {
        counts.rejected++;
        options.onRejected?.(r.row, r.rejected);
        continue;
      }
      pending.set(r.school.ncessch, r.school);
      if (pending.size >= BATCH) await flush();
    }
  }
  await flush();
  return counts;
}

export const schoolSummaryLine = (c: SchoolImportCounts): string =>
  `imported ${c.imported}, changed ${c.changed}, unchanged ${c.unchanged}, rejected ${c.rejected}`;
