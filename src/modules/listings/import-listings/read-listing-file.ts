import fs from 'node:fs';
import { JsonRecordSplitter } from './json-record-splitter';
import type { ImportItem } from './listing-importer';

/**
 * Streams a listings file (JSON array, OData page or NDJSON) as import items, a chunk at a
 * time: a file of a million records is never in memory at once. `onBytes` reports progress.
 */
export async function* readListingFile(path: string, onBytes?: (bytesRead: number) => void): AsyncGenerator<ImportItem> {
  const splitter = new JsonRecordSplitter();
  const stream = fs.createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
  let first = true;
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<string>) {
    bytes = stream.bytesRead;
    const text = first && chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk;
    first = false;
    for (const r of splitter.push(text)) yield { record: r.record, line: r.line, parse: () => JSON.parse(r.text) as unknown };
    onBytes?.(bytes);
  }
  for (const r of splitter.end()) yield { record: r.record, line: r.line, parse: () => JSON.parse(r.text) as unknown };
}
