// The in-memory adapter of the SearchIndex port (SEARCH_INDEX=memory, the default).
export { MemorySearchIndex, type MemoryIndexOptions } from './memory-search-index';
export { snapshotIdentity } from './memory-snapshot';
