export { marketStatsProjection } from './market-stats.projection';
export { marketAreas, marketMonths, marketStatsStamp } from './market-stats.query';
