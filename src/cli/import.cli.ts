import fs from 'node:fs';
import { systemContext } from '../commands/command-context';
import { openCliStore } from './cli-store';
import { generatedListingItems } from '../demo/listings';
import {
  assertTimeZone,
  type ImportCounts,
  importListings,
  MalformedFileError,
  MLS_NAME,
  readListingFile,
  type RejectedRecord,
  summaryLine,
} from '../modules/listings';
import { importSchoolsCli } from './import-schools.cli';
import { progressBar } from './progress-bar';
import { runCli } from './run-cli';

const USAGE = `Usage:
  npm run import -- --mls NAME [--timezone IANA] FILE...
                                               import RESO records (JSON array, OData {value:[...]} page or NDJSON);
                                               timestamps without an offset are read in --timezone (default UTC)
  npm run import -- --mls NAME --count N [--seed S] [--today YYYY-MM-DD]
                                               import N generated Active listings (benchmarks)

  npm run import -- schools FILE...            import public schools from NCES files (npm run import -- schools --help)

The pdid of a listing is NAME-ListingKey. Works whether or not the server is running.
Prints: imported N, changed N, unchanged N, rejected N`;

type Args = { mls: string; files: string[]; count: number | undefined; seed: number; today: string; timeZone: string | undefined };

function parseArgs(argv: string[]): Args | string {
  const args: Args = { mls: '', files: [], count: undefined, seed: 1, today: new Date().toISOString().slice(0, 10), timeZone: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => argv[++i] ?? '';
    if (a === '--mls') args.mls = value();
    else if (a === '--count') args.count = Number(value());
    else if (a === '--seed') args.seed = Number(value());
    else if (a === '--today') args.today = value();
    else if (a === '--timezone') args.timeZone = value();
    else if (a === '--help' || a === '-h') return '';
    else if (a.startsWith('--')) return `Unknown option ${a}`;
    else args.files.push(a);
  }
  if (!MLS_NAME.test(args.mls)) return '--mls NAME is required: 1 to 32 letters, digits or underscores';
  if (args.count !== undefined && (!Number.isInteger(args.count) || args.count < 0)) return '--count must be a whole number';
  if (!Number.isInteger(args.seed) || args.seed < 0) return '--seed must be a whole number';
  if ((args.count === undefined) === (args.files.length === 0)) return 'Give either files or --count N';
  if (args.timeZone !== undefined) {
    try {
      assertTimeZone(args.timeZone);
    } catch (err) {
      return `--timezone: ${(err as Error).message}`;
    }
  }
  for (const f of args.files) if (!fs.existsSync(f)) return `No such file: ${f}`;
  return args;
}

const where = (r: RejectedRecord) =>
  `record ${r.record}${r.line !== null ? ` (line ${r.line})` : ''}${r.listingKey !== null ? ` ListingKey ${r.listingKey}` : ''}`;

/** Exit codes: 0 imported (bad records are reported and skipped), 1 a file could not be read, 2 usage. */
async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'schools') return importSchoolsCli(argv.slice(1));
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args ? `${args}\n\n` : ''}${USAGE}\n`);
    return args ? 2 : 0;
  }
  const { store, close } = await openCliStore();
  const total: ImportCounts = { imported: 0, changed: 0, unchanged: 0, rejected: 0 };
  let failed = false;
  const ctx = systemContext();
  const started = Date.now();
  try {
    const sources =
      args.count !== undefined
        ? [{ name: `${args.count} generated listings`, size: args.count }]
        : args.files.map((f) => ({ name: f, size: fs.statSync(f).size }));
    for (const source of sources) {
      const bar = progressBar(`import ${source.name}`);
      const t0 = Date.now();
      let shown = 0;
      let bytes = 0;
      let printed = 0;
      let warned = 0;
      let last: ImportCounts = { imported: 0, changed: 0, unchanged: 0, rejected: 0 };
      const done = (c: ImportCounts) => c.imported + c.changed + c.unchanged + c.rejected;
      const show = (c: ImportCounts) => {
        const n = done(c);
        const rate = Math.round(n / Math.max(0.001, (Date.now() - t0) / 1000));
        if (args.count !== undefined) bar.update(n, source.size, `${rate} listings/s`);
        else bar.update(bytes, source.size, `${n} records, ${rate} listings/s`);
        shown = n;
        last = { ...c };
      };
      try {
        const items =
          args.count !== undefined
            ? await generatedListingItems({ count: args.count, seed: args.seed, today: args.today })
            : readListingFile(source.name, (b) => (bytes = b));
        const counts = await importListings(store, items, {
          mls: args.mls,
          ctx,
          onProgress: show,
          timeZone: args.timeZone,
          onRejected: (r) => {
            if (printed++ < 1000) process.stderr.write(`\n${source.name}: ${where(r)} rejected: ${r.message}\n`);
          },
          // A field dropped from a record that still imports: told like a rejection, counted apart.
          onWarning: (w) => {
            if (warned++ < 1000) process.stderr.write(`\n${source.name}: ${where(w)} warning: ${w.message}\n`);
          },
        });
        if (printed > 1000) process.stderr.write(`${source.name}: ${printed - 1000} more rejected records not shown\n`);
        if (warned > 1000) process.stderr.write(`${source.name}: ${warned - 1000} more warnings not shown\n`);
        if (warned > 0) process.stderr.write(`${source.name}: ${warned} warning${warned === 1 ? '' : 's'} (fields dropped from records that were imported)\n`);
        last = counts;
        show(counts);
        const secs = (Date.now() - t0) / 1000;
        bar.finish(`${source.name}: ${summaryLine(counts)} in ${secs.toFixed(1)} s (${Math.round(done(counts) / Math.max(secs, 0.001))} listings/s)`);
      } catch (err) {
        if (!(err instanceof MalformedFileError)) throw err;
        failed = true;
        bar.finish(`${source.name}: the file is malformed at ${err.message}; the ${shown} records before it were imported`);
      }
      for (const k of Object.keys(total) as (keyof ImportCounts)[]) total[k] += last[k];
    }
  } finally {
    await close();
  }
  if (args.files.length > 1 || args.count !== undefined) process.stderr.write(`total ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  process.stdout.write(`${summaryLine(total)}\n`);
  return failed ? 1 : 0;
}

runCli(main);
