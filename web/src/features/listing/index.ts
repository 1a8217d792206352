export * from './Attribution';
