export * from './event-store.port';
export { MalformedEventError } from './validate-event';
export { PostgresEventStore } from './postgres/postgres-event-store';
