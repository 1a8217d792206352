import fs from 'node:fs/promises';
import type { Checkpoint } from '../../../src/eventstore/event-store.port';
import { searchProjection } from '../postgres/search-listings.projection';
import { type ColumnsImage, ListingColumns } from './listing-columns';

/**
 * Snapshots of the in-memory index, so that a restart reads the log from where the snapshot was
 * taken instead of from the start. A file: a length, a JSON header (the checkpoint, the strings,
 * the open houses), then each typed column's bytes. A snapshot of another log (`identity`) or of
 * another version of the search fold is ignored: the index is then built from the log. Format 2
 * holds what cards show (photos, state, office and agent names); an older file is not read.
 */
const FORMAT = 2;

/** The photo pool's name among the int arrays (no column is named so). */
const POOL = '@photoPool';

type Header = {
  readonly format: number;
  readonly fold: number;
  readonly identity: string;
  readonly checkpoint: { readonly transactionId: string; readonly globalPosition: string };
  readonly image: Omit<ColumnsImage, 'numbers' | 'ints' | 'bytes' | 'photoPool'>;
  readonly arrays: readonly { readonly group: 'numbers' | 'ints' | 'bytes'; readonly name: string; readonly bytes: number }[];
};

/** Which log a snapshot is of: the database's address without its credentials. */
export const snapshotIdentity = (databaseUrl: string): string => databaseUrl.replace(/\/\/[^@/]*@/, '//');

export type Snapshot = { readonly columns: ListingColumns; readonly checkpoint: Checkpoint };

/** The snapshot as bytes, taken at once (the columns go on changing after). */
export function encodeSnapshot(columns: ListingColumns, checkpoint: Checkpoint, identity: string): Buffer {
  const { numbers, ints, bytes, photoPool, ...image } = columns.image();
  const arrays: { group: 'numbers' | 'ints' | 'bytes'; name: string; data: ArrayBufferView }[] = [];
  for (const [group, record] of [
    ['numbers', numbers],
    ['ints', ints],
    ['bytes', bytes],
  ] as const) {
    for (const [name, data] of Object.entries(record)) arrays.push({ group, name, data });
  }
  arrays.push({ group: 'ints', name: POOL, data: photoPool });
  const header: Header = {
    format: FORMAT,
    fold: searchProjection.version,
    identity,
    checkpoint: { transactionId: String(checkpoint.transactionId), globalPosition: String(checkpoint.globalPosition) },
    image,
    arrays: arrays.map((a) => ({ group: a.group, name: a.name, bytes: a.data.byteLength })),
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  return Buffer.concat([length, json, ...arrays.map((a) => Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength))]);
}

export function decodeSnapshot(buf: Buffer, identity: string): Snapshot | undefined {
  if (buf.length < 4) return undefined;
  const headerLength = buf.readUInt32LE(0);
  const header = JSON.parse(buf.subarray(4, 4 + headerLength).toString()) as Header;
  if (header.format !== FORMAT || header.fold !== searchProjection.version || header.identity !== identity) return undefined;
  let at = 4 + headerLength;
  const groups = { numbers: {} as Record<string, Float64Array>, ints: {} as Record<string, Int32Array>, bytes: {} as Record<string, Uint8Array> };
  for (const a of header.arrays) {
    // Copied out: the file's buffer need not be aligned for the typed array.
    const slice = new Uint8Array(buf.subarray(at, at + a.bytes)).buffer;
    at += a.bytes;
    if (a.group === 'numbers') groups.numbers[a.name] = new Float64Array(slice);
    else if (a.group === 'ints') groups.ints[a.name] = new Int32Array(slice);
    else groups.bytes[a.name] = new Uint8Array(slice);
  }
  const { [POOL]: photoPool, ...ints } = groups.ints;
  const columns = ListingColumns.fromImage({ ...header.image, ...groups, ints, photoPool: photoPool ?? new Int32Array(0) } as ColumnsImage);
  return { columns, checkpoint: { transactionId: BigInt(header.checkpoint.transactionId), globalPosition: BigInt(header.checkpoint.globalPosition) } };
}

/** Writes the snapshot beside the file, then renames it over: a crash mid-write leaves the last one whole. */
export async function saveSnapshot(file: string, bytes: Buffer): Promise<void> {
  const part = `${file}.part`;
  await fs.writeFile(part, bytes);
  await fs.rename(part, file);
}

export async function loadSnapshot(file: string, identity: string): Promise<Snapshot | undefined> {
  let buf: Buffer;
  try {
    buf = await fs.readFile(file);
  } catch {
    return undefined;
  }
  try {
    return decodeSnapshot(buf, identity);
  } catch {
    // Unreadable (a format from before): built from the log instead.
    return undefined;
  }
}
