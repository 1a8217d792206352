import type { CmaEvent, CmaRequested, HomeDigestChanged, HomeValueRequested } from '../../src/modules/valuation/valuation.events';
import type { MarketSubscriptionEvent } from '../../src/modules/market-reports/market-reports.events';
import { assertNever } from '../../src/shared/errors';

const street = (address: string) => address.split(',')[0]!.trim() || address;
const dollars = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
/** $570,000 → $570k; $1,250,000 → $1.25M: the range reads at a glance. */
const short = (n: number) => (n >= 1_000_000 ? `$${(Math.round(n / 10_000) / 100).toString()}M` : n >= 1_000 ? `$${Math.round(n / 1_000)}k` : dollars(n));

/** "Home value requested: 123 Main St — $612,000 ($570k–$655k), 6 comps": the seller's home as the agent reads it. */
export function homeValueSummary(d: HomeValueRequested['data']): string {
  const n = d.comps.length;
  return `Home value requested: ${street(d.address)} — ${dollars(d.estimate)} (${short(d.low)}–${short(d.high)}), ${n} comp${n === 1 ? '' : 's'}`;
}

/** The agent's CMA of the home, as the timeline says it. */
export function cmaSummary(e: CmaEvent): string {
  switch (e.type) {
    case 'CmaSaved': {
      const kept = e.data.comps.filter((c) => c.included).length;
      return `CMA saved (version ${e.data.version}): ${dollars(e.data.estimate)} from ${kept} comp${kept === 1 ? '' : 's'}`;
    }
    case 'CmaSent':
      return `CMA sent by e-mail (version ${e.data.version})`;
    case 'CmaOpened':
      return 'Opened the CMA';
    default:
      return assertNever(e);
  }
}

/** "Asked for a CMA (from the March 2015 home value e-mail)". */
export function cmaRequestSummary(d: CmaRequested['data']): string {
  const [y, m] = d.month.split('-').map(Number) as [number, number];
  const name = new Date(Date.UTC(y, m - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `Asked for a CMA (from the ${name} home value e-mail)`;
}

export const homeDigestSummary = (d: HomeDigestChanged['data']): string =>
  d.on ? 'Monthly home value e-mail turned on' : 'Monthly home value e-mail turned off';

/** "Stopped the Ballard market report (one-click unsubscribe); other e-mail goes on". */
export const marketReportSummary = (e: MarketSubscriptionEvent): string =>
  e.type === 'MarketReportSubscribed'
    ? `Subscribed to the ${e.data.label} market report (monthly e-mail)`
    : `Stopped the ${e.data.label} market report (${e.data.how === 'one-click' ? 'one-click unsubscribe' : 'the e-mail’s link'}); other e-mail goes on`;
