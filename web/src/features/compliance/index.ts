export * from './components/ConsentQuestion';
