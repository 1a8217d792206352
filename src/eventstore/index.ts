export * from './event-store.port';
export { MalformedEventError } from './validate-event';
export { PostgresEventStore, positionOf } from './postgres/postgres-event-store';
