export * from './scoring.events';
export * from './smart-lists.events';
