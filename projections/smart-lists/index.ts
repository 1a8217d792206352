export { smartListsProjection } from './smart-lists.projection';
export { smartListsOf, type SmartListView } from './smart-lists.query';
