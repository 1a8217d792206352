import type pg from 'pg';
import { heldListingCount, listingKeysMissingFrom } from '../../../../projections/feed-listings';
import type { FeedSettings } from '../feeds.events';
import { FeedProtocolError } from '../reso-client/feed-errors';
import type { ResoClient } from '../reso-client/reso-client';
import { odataString } from './enrich-records';

const KEYS_PAGE = 10_000;
const CHECK_PER_QUERY = 5;

export type ReconcileInput = {
  readonly client: ResoClient;
  readonly settings: FeedSettings;
  readonly pool: pg.Pool;
  readonly name: string;
  readonly force: boolean;
};

/**
 * The key reconciliation: many servers delete a listing without a trace (no Delete status, no
 * MlgCanView), so every key the feed holds (`$select=ListingKey`, the feed's own $filter) is
 * compared with the listings we hold for it. A key we hold and the list lacks is asked for once
 * more on its own before it is removed (a page that shifted while being read must never remove
 * a listing); and when more than half of the feed would go, nothing is removed without --force.
 * `remove` imports the removals (StandardStatus Delete, so decide and idempotence are the usual ones).
 */
export async function reconcileRemovals(input: ReconcileInput, remove: (keys: readonly string[]) => Promise<void>): Promise<string[]> {
  const { client, settings, pool, name } = input;
  const serverKeys = await listKeys(client, settings);
  const candidates = await listingKeysMissingFrom(pool, name, [...serverKeys]);
  const gone: string[] = [];
  for (let i = 0; i < candidates.length; i += CHECK_PER_QUERY) {
    const chunk = candidates.slice(i, i + CHECK_PER_QUERY);
    const keyFilter = chunk.map((k) => `ListingKey eq ${odataString(k)}`).join(' or ');
    const filter = settings.filter ? `(${settings.filter}) and (${keyFilter})` : keyFilter;
    const page = await client.page(client.resourceUrl('Property', { $filter: filter, $select: 'ListingKey', $top: String(CHECK_PER_QUERY) }));
    const still = new Set(page.value.map((r) => String(r.ListingKey)));
    gone.push(...chunk.filter((k) => !still.has(k)));
  }
  const held = await heldListingCount(pool, name);
  if (!input.force && gone.length > 20 && gone.length > held / 2) {
    throw new FeedProtocolError(
      `Reconciling would remove ${gone.length} of the ${held} listings of feed ${name}; nothing was removed. If the feed really dropped them, run: npm run feed -- reconcile ${name} --force`,
    );
  }
  if (gone.length) await remove(gone);
  return [];
}

/** Every ListingKey the feed's server holds: nextLinks when given, else $top/$skip by key until a short page. */
async function listKeys(client: ResoClient, settings: FeedSettings): Promise<Set<string>> {
  const keys = new Set<string>();
  const query = (skip: number) =>
    client.resourceUrl('Property', {
      $filter: settings.filter ?? undefined,
      $select: 'ListingKey',
      $orderby: 'ListingKey',
      $top: String(KEYS_PAGE),
      $skip: skip ? String(skip) : undefined,
    });
  let url: string | null = query(0);
  let received = 0;
  let largest = 0;
  let previousFirst: string | undefined;
  const seenLinks = new Set<string>();
  while (url) {
    const page = await client.page(url);
    const first = page.value[0]?.ListingKey as string | undefined;
    if (received > 0 && page.value.length > 0 && first === previousFirst) {
      throw new FeedProtocolError("Listing the feed's keys, the server gave the same page twice (it ignores $skip and gives no nextLink)");
    }
    previousFirst = first;
    for (const r of page.value) if (typeof r.ListingKey === 'string' || typeof r.ListingKey === 'number') keys.add(String(r.ListingKey));
    received += page.value.length;
    const short = page.value.length < KEYS_PAGE && page.value.length < largest;
    largest = Math.max(largest, page.value.length);
    if (settings.paging !== 'skip' && page.nextLink) {
      if (seenLinks.has(page.nextLink)) throw new FeedProtocolError('The server sent a nextLink it had already sent: its pages go round in a loop');
      seenLinks.add(page.nextLink);
      url = page.nextLink;
    } else if (settings.paging === 'nextLink' || page.value.length === 0 || short || seenLinks.size > 0) url = null;
    else url = query(received);
  }
  return keys;
}
