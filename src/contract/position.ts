/**
 * A push's position on the wire: the log checkpoint as "{transactionId}.{globalPosition}".
 * Both parts are needed: the log is ordered by the pair, and global positions alone can arrive
 * out of order. Pure: the web app imports this file too.
 */
export type WirePosition = { readonly transactionId: bigint; readonly globalPosition: bigint };

export const encodePosition = (p: WirePosition): string => `${p.transactionId}.${p.globalPosition}`;

export function decodePosition(s: string | null | undefined): WirePosition | null {
  const m = /^(\d{1,20})\.(\d{1,20})$/.exec(s ?? '');
  return m ? { transactionId: BigInt(m[1]!), globalPosition: BigInt(m[2]!) } : null;
}

/** Negative, zero or positive as a is before, at or after b. */
export function comparePositions(a: string, b: string): number {
  const x = decodePosition(a);
  const y = decodePosition(b);
  if (!x || !y) return x ? 1 : y ? -1 : 0;
  if (x.transactionId !== y.transactionId) return x.transactionId < y.transactionId ? -1 : 1;
  return x.globalPosition === y.globalPosition ? 0 : x.globalPosition < y.globalPosition ? -1 : 1;
}
