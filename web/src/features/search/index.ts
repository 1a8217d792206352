export * from './ResultCard';
export * from './filterOptions';
export * from './resultSequence';
export * from './statusLabel';
