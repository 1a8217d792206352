import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { createHash } from 'node:crypto';
import { contract } from '../src/contract/routes';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** What a browser loads and compresses well; source maps are for developers' tools only. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|xml|txt|wasm)$/;
/**
 * A compressed copy costs one header (Content-Encoding, about 25 bytes; Vary is sent either way):
 * it is kept when it saves more than that. The first load is many small shared chunks, each sent
 * whole otherwise.
 */
const HEADER_BYTES = 32;

/**
 * Writes a .br (brotli, best quality) and a .gz (gzip level 9) beside each hashed asset of the
 * build, once: the server sends them to browsers that take them (src/http/precompressed-assets.ts)
 * instead of compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'porchlight-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      const files = Object.keys(bundle).filter((f) => f.startsWith('assets/') && COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const data = await readFile(full);
          const [br, gzipped] = await Promise.all([
            brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gz(data, { level: 9 }),
          ]);
          if (br.length + HEADER_BYTES < data.length) await writeFile(`${full}.br`, br);
          if (gzipped.length + HEADER_BYTES < data.length) await writeFile(`${full}.gz`, gzipped);
        }),
      );
    },
  };
}

/** Where zod keeps its settings, created as the library loads. */
const ZOD_SETTINGS = '(_a.__zod_globalConfig = {})';

/**
 * The route contract's schemas come into the bundle with its routes, and zod probes `new Function`
 * as it builds each object schema (to compile faster parsers): under the pages' Content-Security-Policy
 * (no 'unsafe-eval') the probe is a reported violation. The browser never parses with them, so zod
 * starts without compiled parsers, before any schema of any chunk is built. A zod whose settings
 * start otherwise fails the build here rather than the policy in a browser.
 */
function zodWithoutEval(): Plugin {
  return {
    name: 'porchlight-zod-without-eval',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return undefined;
      if (!code.includes(ZOD_SETTINGS)) throw new Error(`zod's settings are no longer created as ${ZOD_SETTINGS}: update zodWithoutEval`);
      return code.replace(ZOD_SETTINGS, '(_a.__zod_globalConfig = { jitless: true })');
    },
  };
}

/** Vite's helper that each lazy import goes through (`import()` becomes `__vitePreload(() => import(), deps)`). */
const PRELOAD_HELPER = '\0vite/preload-helper.js';

/**
 * With module preloading off (build.modulePreload) a lazy chunk's list holds only its styles: the
 * helper this build puts in the entry links those stylesheets, once each, and imports the chunk
 * when they have loaded (as a chunk that paints unstyled is no better than a late one). A sheet the
 * page already links (the entry's, which lazy account pages list too) is not linked again: a second
 * copy after the site's own stylesheet would override the site's palette. Vite's own
 * helper also preloads scripts, reads a CSP nonce meta tag (the pages have none) and fires an
 * event no code listens to: about 1.3 kB of the first load, every page. A stylesheet that fails
 * fails the import, as Vite's does.
 */
function stylesOnlyPreload(): Plugin {
  return {
    name: 'porchlight-styles-only-preload',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === PRELOAD_HELPER ? id : undefined;
    },
    load(id) {
      if (id !== PRELOAD_HELPER) return undefined;
      return `const linked = {};
const inPage = (href) => [...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === new URL(href, location.href).href);
const link = (href) =>
  (linked[href] ??= inPage(href) ? Promise.resolve() : new Promise((resolve, reject) => {
    const el = document.createElement('link');
    el.rel = 'stylesheet';
    el.href = href;
    el.onload = resolve;
    el.onerror = () => reject(new Error('Unable to preload CSS for ' + href));
    document.head.appendChild(el);
  }));
export const __vitePreload = (load, deps) =>
  Promise.all((deps || []).filter((d) => d.endsWith('.css')).map((d) => link('/' + d))).then(load);
`;
    },
  };
}

const ROUTES_INDEX = /[\\/]src[\\/]contract[\\/]routes[\\/]index\.ts$/;
/** The contract's areas, and each area's routes, as modules of their own (see contractWithoutSchemas). */
const CONTRACT_MODULE = '\0porchlight-contract';
const WEB_SOURCE = /[\\/]web[\\/]src[\\/].*\.tsx?$/;
const CONTRACT_IMPORT = /import\s*\{\s*contract\s*\}\s*from\s*['"][^'"]*contract\/routes['"]/;
/** `const { area } = contract;` at a module's top. */
const AREA_OF_CONTRACT = /^const \{ ([A-Za-z_$][\w$]*) \} = contract;$/gm;
/** `contract.area.route` or `contract.area`, not a member of something else (`x.contract`). */
const ROUTE_OF_CONTRACT = /(?<![\w$.])contract\.([A-Za-z_$][\w$]*)(?:\.([A-Za-z_$][\w$]*))?/g;

/**
 * The browser calls a route by its method, path and operationId; its schemas are for the server
 * and the types. So the web app's `contract` is that table alone, not the route files, whose
 * schemas would bring zod and every shape into the first load (60 kB more). Each route is a module
 * of its own and `contract.search.list` is rewritten to an import of that route alone: a chunk
 * keeps only the routes it calls, and a route only a lazy page calls stays out of the entry even
 * when a module of the entry calls another route of its area (a module is bundled whole, with every
 * export some chunk uses). An area is a module re-exporting its routes (`contract.backoffice` used
 * as a value comes whole); `contract` itself, an object of the areas (all of them; the whole table
 * is about 4 kB compressed). The types still come from the real contract (`import type` sees the
 * file itself).
 */
function contractWithoutSchemas(): Plugin {
  const areas = new Map(
    Object.entries(contract).map(([area, routes]) => [
      area,
      new Map(
        Object.entries(routes).map(([key, r]) => [key, `export default ${JSON.stringify({ method: r.method, path: r.path, operationId: r.operationId })};\n`]),
      ),
    ]),
  );
  const routeModule = (area: string, key: string) => `${CONTRACT_MODULE}/${area}/${key}`;
  return {
    name: 'porchlight-contract-without-schemas',
    transform(code, id) {
      if (!WEB_SOURCE.test(id) || !CONTRACT_IMPORT.test(code)) return undefined;
      const routes = new Map<string, string>();
      const out = code
        .replace(AREA_OF_CONTRACT, (whole, area: string) => {
          if (!areas.has(area)) return whole;
          routes.set(area, `import * as ${area} from '${CONTRACT_MODULE}/${area}';`);
          return '';
        })
        .replace(ROUTE_OF_CONTRACT, (whole, area: string, key: string | undefined) => {
          if (!areas.has(area) || (key !== undefined && !areas.get(area)!.has(key))) return whole;
          const local = key === undefined ? `contract$${area}` : `contract$${area}$${key}`;
          routes.set(
            local,
            key === undefined ? `import * as ${local} from '${CONTRACT_MODULE}/${area}';` : `import ${local} from '${routeModule(area, key)}';`,
          );
          return local;
        });
      if (routes.size === 0) return undefined;
      // The imports go on a line after the code, so every line keeps its number: the map says so, line by line.
      const lines = out.split('\n').length;
      return {
        code: `${out}\n${[...routes.values()].join(' ')}`,
        map: { version: 3, sources: [id], names: [], mappings: `AAAA${';AACA'.repeat(lines - 1)};` },
      };
    },
    resolveId(id) {
      return id.startsWith(CONTRACT_MODULE) ? id : undefined;
    },
    load(id) {
      // An object of namespaces, not `export * as`: a namespace re-exported is built whenever its
      // module is in the bundle; this object, only where `contract` itself is still used.
      if (ROUTES_INDEX.test(id)) {
        const names = [...areas.keys()];
        return `${names.map((area) => `import * as ${area} from '${CONTRACT_MODULE}/${area}';\n`).join('')}export const contract = { ${names.join(', ')} };\n`;
      }
      if (!id.startsWith(`${CONTRACT_MODULE}/`)) return undefined;
      // A route's key may be a reserved word (delete, public): it is only the export's name.
      const [area, key] = id.slice(CONTRACT_MODULE.length + 1).split('/') as [string, string | undefined];
      const routes = areas.get(area);
      const code =
        key === undefined ? [...routes!.keys()].map((k) => `export { default as ${k} } from '${routeModule(area, k)}';\n`).join('') : routes?.get(key);
      return code === undefined ? undefined : { code, moduleSideEffects: false };
    },
  };
}

/**
 * A CSS module's class as `_name_hash`, the hash of its stylesheet's path (deterministic across
 * checkouts): the default adds each rule's line number, which every class name in the scripts
 * repeats and brotli cannot predict. A selector on `_name_` still finds it.
 */
const scopedName = (name: string, filename: string) =>
  `_${name}_${createHash('sha256')
    .update(path.relative(fileURLToPath(new URL('.', import.meta.url)), filename))
    .digest('base64url')
    .slice(0, 5)}`;

/**
 * `--mode listing` builds the entry a listing's page is served with (listing.html, src/listing.tsx:
 * the listing page in its first load, the search page on demand) beside the app's (index.html,
 * src/main.tsx), into the same folder after it. Two builds, not two entries of one: one build
 * would split what both entries share (React, the app's shell) into a chunk of its own, and each
 * page's first load would be several files compressed apart instead of one.
 */
const LISTING = 'listing';
const INDEX_HTML = fileURLToPath(new URL('index.html', import.meta.url));
const LISTING_HTML = fileURLToPath(new URL('listing.html', import.meta.url));
const APP_ENTRY = 'src="/src/main.tsx"';

/** listing.html is index.html with the listing entry's script, made from it as the build reads it (the server looks for the same marks in both). */
function listingHtml(): Plugin {
  return {
    name: 'porchlight-listing-html',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === LISTING_HTML ? id : undefined;
    },
    async load(id) {
      if (id !== LISTING_HTML) return undefined;
      const index = await readFile(INDEX_HTML, 'utf8');
      if (!index.includes(APP_ENTRY)) throw new Error(`index.html no longer loads the app as ${APP_ENTRY}: update listingHtml`);
      return index.replace(APP_ENTRY, 'src="/src/listing.tsx"');
    },
  };
}

export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), listingHtml(), stylesOnlyPreload(), contractWithoutSchemas(), zodWithoutEval(), precompress()],
  css: { modules: { generateScopedName: scopedName } },
  build: {
    outDir: 'dist',
    modulePreload: false,
    emptyOutDir: mode !== LISTING,
    sourcemap: true,
    // A feature's index.ts only re-exports (docs/architecture.md, Web app rooms): what a page does
    // not use from it stays out of that page's download, styles included. Building a zod schema has
    // no effect beyond its value: a contract file's schemas the page does not use stay out too.
    rolldownOptions: {
      input: mode === LISTING ? LISTING_HTML : INDEX_HTML,
      treeshake: { manualPureFunctions: ['z'], moduleSideEffects: [{ test: /[\\/]web[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false }] },
      // What the entry imports statically goes in one file: as a dozen shared chunks of a few hundred
      // bytes each, every one compressed alone and sent with its own headers, it cost several kB more.
      output: { codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] } },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/health': 'http://localhost:3000', '/socket.io': { target: 'ws://localhost:3000', ws: true } } },
}));
