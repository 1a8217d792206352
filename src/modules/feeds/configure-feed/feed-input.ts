export { FeedInput, isTimeZone } from '../../../contract/feed-input';

/** `15m`, `1h`, `90s`, `2d` or a number of seconds, as the CLI's --interval takes it. */
export function parseInterval(text: string): number | null {
  const m = /^(\d+)\s*(s|m|h|d)?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * { s: 1, m: 60, h: 3600, d: 86_400 }[(m[2] ?? 's') as 's' | 'm' | 'h' | 'd'];
}
