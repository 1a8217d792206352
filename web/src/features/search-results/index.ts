// The result cards and list, and the stored result sequence behind Previous / Next / All.
export * from './components/ResultCard';
export * from './components/ResultsList';
export * from './api/resultSequence';
export * from './utils/statusLabel';
