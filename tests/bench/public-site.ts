import { loadDemoListings } from '../../src/demo/seed-listings';
import type { Started } from '../../src/main';
import type { BenchContext } from './bench';
import { withDemoServer } from './demo-server';

/** On a shared machine the search index's first catch-up over the demo listings can take minutes. */
const CATCH_UP_MS = 600_000;

/**
 * withDemoServer with the demo listings imported and indexed too, as a first start with
 * DEMO_SEED=1 has them: the public pages show homes (their photos, cards and facts).
 */
export async function withPublicSite(ctx: BenchContext, use: (server: Started) => Promise<void>): Promise<void> {
  await withDemoServer(ctx, {}, async ({ server }) => {
    ctx.progress('public site: importing the demo listings');
    await loadDemoListings(server.runtime.store, server.runtime.runner);
    await server.runtime.runner.waitForCatchUp(CATCH_UP_MS);
    await use(server);
  });
}

/** The page of the demo data's first Seattle listing, as the public search answers it. */
export async function firstListingPath(url: string): Promise<string> {
  const res = await fetch(`${url}/api/search?acl_city=Seattle&perpage=1`);
  const body = (await res.json()) as { results?: { pdid: string }[] };
  const pdid = body.results?.[0]?.pdid;
  if (!pdid) throw new Error(`No Seattle listing to open (search answered ${res.status})`);
  return `/listing/${encodeURIComponent(pdid)}`;
}
