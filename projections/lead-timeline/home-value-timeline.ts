import type { HomeValueRequested } from '../../src/modules/valuation/valuation.events';

const street = (address: string) => address.split(',')[0]!.trim() || address;
const dollars = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
/** $570,000 → $570k; $1,250,000 → $1.25M: the range reads at a glance. */
const short = (n: number) => (n >= 1_000_000 ? `$${(Math.round(n / 10_000) / 100).toString()}M` : n >= 1_000 ? `$${Math.round(n / 1_000)}k` : dollars(n));

/** "Home value requested: 123 Main St — $612,000 ($570k–$655k), 6 comps": the seller's home as the agent reads it (issue 33). */
export function homeValueSummary(d: HomeValueRequested['data']): string {
  const n = d.comps.length;
  return `Home value requested: ${street(d.address)} — ${dollars(d.estimate)} (${short(d.low)}–${short(d.high)}), ${n} comp${n === 1 ? '' : 's'}`;
}
