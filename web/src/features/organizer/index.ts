export * from './CardKeeper';
export * from './ListingKeeper';
export * from './alertFrequencies';
export * from './keptStore';
