const IDENT = /^[a-z_][a-z0-9_]{0,40}$/;

/**
 * A condition (SQL) that a queued row's place in the log (`tx_id`, `global_position`) has been
 * applied by the named projection, so what a reactor reads of that read model about the row is
 * there. A reactor's queue is filled by its own projection, which may run ahead of the read model
 * the reactor reads; a row waits until the read model has caught up with it. A row without a
 * place was queued by the read model itself, with its own batch.
 */
export function passedBy(projection: string): string {
  if (!IDENT.test(projection)) throw new Error(`${projection} is not a projection name`);
  return `(global_position IS NULL OR (tx_id, global_position) <= (SELECT transaction_id::text::bigint, global_position FROM projection_checkpoints WHERE name = '${projection}'))`;
}
