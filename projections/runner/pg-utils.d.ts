/** pg's own text for a query parameter (what it sends in place of $n), used by QueuedWrites to write parameters in. */
declare module 'pg/lib/utils' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
