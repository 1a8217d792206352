import fs from 'node:fs/promises';
import type { Checkpoint } from '../../../src/eventstore/event-store.port';
import { searchProjection } from '../postgres/search-listings.projection';
import { type ColumnsImage, columnsCapacity, ListingColumns } from './listing-columns';

/**
 * Snapshots of the in-memory index, so that a restart reads the log from where the snapshot was
 * taken instead of from the start. A file: a length, a JSON header (the checkpoint, the strings,
 * the open houses), then each typed column's bytes. A snapshot of another log (`identity`) or of
 * another version of the search fold is ignored: the index is then built from the log. Format 3
 * holds each listing's key, address and MLS number as bytes (slot-texts.ts), not in the header;
 * an older file is not read.
 */
const FORMAT = 3;

/** The photo pool's name among the int arrays and the text pool's among the byte arrays (no column is named so): pools, not columns, are as long as they are. */
const POOL = '@photoPool';
const TEXT = '@textPool';

type Header = {
  readonly format: number;
  readonly fold: number;
  readonly identity: string;
  readonly checkpoint: { readonly transactionId: string; readonly globalPosition: string };
  readonly image: Omit<ColumnsImage, 'numbers' | 'ints' | 'bytes' | 'photoPool' | 'textPool'>;
  readonly arrays: readonly { readonly group: 'numbers' | 'ints' | 'bytes'; readonly name: string; readonly bytes: number }[];
};

/** Which log a snapshot is of: the database's address without its credentials. */
export const snapshotIdentity = (databaseUrl: string): string => databaseUrl.replace(/\/\/[^@/]*@/, '//');

export type Snapshot = { readonly columns: ListingColumns; readonly checkpoint: Checkpoint };

/** The snapshot as bytes, taken at once (the columns go on changing after). */
export function encodeSnapshot(columns: ListingColumns, checkpoint: Checkpoint, identity: string): Buffer {
  const { numbers, ints, bytes, photoPool, textPool, ...image } = columns.image();
  const arrays: { group: 'numbers' | 'ints' | 'bytes'; name: string; data: ArrayBufferView }[] = [];
  for (const [group, record] of [
    ['numbers', numbers],
    ['ints', ints],
    ['bytes', bytes],
  ] as const) {
    for (const [name, data] of Object.entries(record)) arrays.push({ group, name, data });
  }
  arrays.push({ group: 'ints', name: POOL, data: photoPool });
  arrays.push({ group: 'bytes', name: TEXT, data: textPool });
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

/** Where a snapshot's bytes are read from: its file, piece by piece, or bytes in memory. */
type ByteSource = (into: Uint8Array, at: number) => Promise<void>;

const fromBytes =
  (buf: Uint8Array): ByteSource =>
  async (into, at) => {
    if (at + into.length > buf.length) throw new Error('The snapshot ends early');
    into.set(buf.subarray(at, at + into.length));
  };

const fromFile =
  (fh: fs.FileHandle): ByteSource =>
  async (into, at) => {
    for (let done = 0; done < into.length;) {
      const { bytesRead } = await fh.read(into, done, into.length - done, at + done);
      if (bytesRead === 0) throw new Error('The snapshot ends early');
      done += bytesRead;
    }
  };

const WIDTH = { numbers: 8, ints: 4, bytes: 1 } as const;
/** What the slots past the last listing hold, as ListingColumns makes them. */
const FILL = { numbers: NaN, ints: -1, bytes: 0 } as const;

/**
 * Each typed column is read straight into an array of the size the columns keep (room to grow
 * included) and handed to them as it is: neither the whole file nor a second copy of any column
 * is ever held, which at a million listings is several hundred MB an instance would otherwise
 * keep as allocator free space after starting.
 */
async function readSnapshot(read: ByteSource, identity: string): Promise<Snapshot | undefined> {
  const length = new Uint8Array(4);
  await read(length, 0);
  const headerLength = Buffer.from(length.buffer).readUInt32LE(0);
  const headerBytes = new Uint8Array(headerLength);
  await read(headerBytes, 4);
  const header = JSON.parse(Buffer.from(headerBytes.buffer).toString()) as Header;
  if (header.format !== FORMAT || header.fold !== searchProjection.version || header.identity !== identity) return undefined;
  const capacity = columnsCapacity(header.image.count);
  let at = 4 + headerLength;
  const groups = { numbers: {} as Record<string, Float64Array>, ints: {} as Record<string, Int32Array>, bytes: {} as Record<string, Uint8Array> };
  for (const a of header.arrays) {
    const width = WIDTH[a.group];
    const slots = a.name === POOL || a.name === TEXT ? a.bytes / width : capacity;
    const buffer = new ArrayBuffer(slots * width);
    const array = a.group === 'numbers' ? new Float64Array(buffer) : a.group === 'ints' ? new Int32Array(buffer) : new Uint8Array(buffer);
    array.fill(FILL[a.group], a.bytes / width);
    await read(new Uint8Array(buffer, 0, a.bytes), at);
    at += a.bytes;
    (groups[a.group] as Record<string, typeof array>)[a.name] = array;
  }
  const { [POOL]: photoPool, ...ints } = groups.ints;
  const { [TEXT]: textPool, ...bytes } = groups.bytes;
  const image = { ...header.image, ...groups, ints, bytes, photoPool: photoPool ?? new Int32Array(0), textPool: textPool ?? new Uint8Array(0) } as ColumnsImage;
  return {
    columns: ListingColumns.fromImage(image, { owned: true }),
    checkpoint: { transactionId: BigInt(header.checkpoint.transactionId), globalPosition: BigInt(header.checkpoint.globalPosition) },
  };
}

export const decodeSnapshot = (buf: Uint8Array, identity: string): Promise<Snapshot | undefined> => readSnapshot(fromBytes(buf), identity);

/** Writes the snapshot beside the file, then renames it over: a crash mid-write leaves the last one whole. */
export async function saveSnapshot(file: string, bytes: Buffer): Promise<void> {
  const part = `${file}.part`;
  await fs.writeFile(part, bytes);
  await fs.rename(part, file);
}

export async function loadSnapshot(file: string, identity: string): Promise<Snapshot | undefined> {
  let fh: fs.FileHandle;
  try {
    fh = await fs.open(file, 'r');
  } catch {
    return undefined;
  }
  try {
    return await readSnapshot(fromFile(fh), identity);
  } catch {
    // Unreadable (a format from before, a file cut short): built from the log instead.
    return undefined;
  } finally {
    await fh.close();
  }
}
