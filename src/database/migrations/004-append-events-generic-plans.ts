import type { Migration } from './migration';

/**
 * append_events() runs five statements whose parameters are arrays. PL/pgSQL's plan cache kept
 * choosing custom plans for them, so every append re-planned every statement: about a third of
 * the server's CPU per single-event append (measured by tests/bench). Their best plan does not
 * depend on the values (unique and primary-key lookups, an insert from unnest), so the function
 * always uses the generic plan, made once per connection.
 */
export const appendEventsGenericPlans: Migration = {
  id: 4,
  name: 'append-events-generic-plans',
  up: `
ALTER FUNCTION append_events(text[], text[], int[], int[], uuid[], text[], jsonb[], jsonb[])
  SET plan_cache_mode = force_generic_plan;
`,
};
