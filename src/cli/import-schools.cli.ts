import fs from 'node:fs';
import { createGunzip } from 'node:zlib';
import { systemContext } from '../commands/command-context';
import { openCliStore } from './cli-store';
import { importSchools, SchoolFileError, SchoolFileReader, type SchoolImportCounts, type SchoolRow, schoolSummaryLine } from '../modules/schools';

export const SCHOOLS_USAGE = `Usage:
  npm run import -- schools FILE...            import public schools from NCES files: the Common Core of Data
                                               school directory or the EDGE geocodes saved as CSV (.csv or .csv.gz),
                                               with NCESSCH, SCH_NAME (or NAME), LAT and LON columns at least

Importing the same file again changes nothing. Works whether or not the server is running.
Prints: imported N, changed N, unchanged N, rejected N`;

/** The file's rows as it streams from disk (gunzipped when it ends in .gz). */
async function* rowsOf(file: string): AsyncGenerator<readonly SchoolRow[]> {
  const reader = new SchoolFileReader();
  const raw = fs.createReadStream(file);
  const text = (file.endsWith('.gz') ? raw.pipe(createGunzip()) : raw).setEncoding('utf8');
  for await (const piece of text) yield reader.push(piece as string);
  yield reader.end();
}

/** Exit codes: 0 imported (bad rows are reported and skipped), 1 a file could not be read, 2 usage. */
export async function importSchoolsCli(files: readonly string[]): Promise<number> {
  if (files.length === 0 || files.some((f) => f.startsWith('-'))) {
    process.stderr.write(
      `${files.some((f) => f === '--help' || f === '-h') || files.length === 0 ? '' : `Unknown option ${files.find((f) => f.startsWith('-'))}\n\n`}${SCHOOLS_USAGE}\n`,
    );
    return files.some((f) => f === '--help' || f === '-h') ? 0 : 2;
  }
  for (const f of files) {
    if (!fs.existsSync(f)) {
      process.stderr.write(`No such file: ${f}\n\n${SCHOOLS_USAGE}\n`);
      return 2;
    }
  }
  const { store, close } = await openCliStore();
  const total: SchoolImportCounts = { imported: 0, changed: 0, unchanged: 0, rejected: 0 };
  let failed = false;
  try {
    for (const file of files) {
      let shown = 0;
      try {
        const counts = await importSchools(store, rowsOf(file), {
          ctx: systemContext(),
          onRejected: (row, message) => {
            if (shown++ < 1000) process.stderr.write(`${file}: row ${row} rejected: ${message}\n`);
          },
        });
        process.stderr.write(`${file}: ${schoolSummaryLine(counts)}\n`);
        for (const k of Object.keys(total) as (keyof SchoolImportCounts)[]) total[k] += counts[k];
      } catch (err) {
        if (!(err instanceof SchoolFileError)) throw err;
        failed = true;
        process.stderr.write(`${file}: ${err.message}\n`);
      }
    }
  } finally {
    await close();
  }
  process.stdout.write(`${schoolSummaryLine(total)}\n`);
  return failed ? 1 : 0;
}
