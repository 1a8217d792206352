export { marketStatsProjection } from './market-stats.projection';
export { marketAreas, marketMonths } from './market-stats.query';
