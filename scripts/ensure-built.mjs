// Builds the server and the web app when their sources are newer than the build, so that
// `npm start` on a fresh clone (or after a pull) just works. Plain JS: it runs before any build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dirs, skip = /node_modules|dist|\.data/) {
  let latest = 0;
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      if (skip.test(path.basename(p))) return;
      for (const f of fs.readdirSync(p)) walk(path.join(p, f));
    } else if (st.mtimeMs > latest) latest = st.mtimeMs;
  };
  for (const d of dirs) walk(path.join(root, d));
  return latest;
}

const stamp = (file) => {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return 0;
  }
};

// The web build's config reads the route contract's TypeScript (web/vite.config.mts): Vite's default
// config loader bundles it; its notice about a future loader is not ours to act on yet.
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const serverSources = newest(['src', 'projections', 'scripts', 'tests/bench', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json']);
if (stamp('dist/.built') < serverSources) {
  process.stderr.write('Building the server...\n');
  run(bin('tsc'), ['-p', 'tsconfig.build.json']);
  fs.writeFileSync(path.join(root, 'dist/.built'), new Date().toISOString());
}

const webSources = newest(['web/src', 'web/index.html', 'web/vite.config.mts', 'web/public', 'src/contract', 'package-lock.json']);
// The app, then a listing page's entry beside it (web/vite.config.mts), written last.
if (stamp('web/dist/listing.html') < webSources) {
  process.stderr.write('Building the web app...\n');
  run(bin('vite'), ['build', '--config', 'web/vite.config.mts', '--logLevel', 'warn']);
  run(bin('vite'), ['build', '--config', 'web/vite.config.mts', '--mode', 'listing', '--logLevel', 'warn']);
}
