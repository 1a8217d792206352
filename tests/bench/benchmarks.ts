import { alertsBenchmark } from './alerts.bench';
import { behaviourAlertsBenchmark } from './behaviour-alerts.bench';
import type { Benchmark } from './bench';
import { dashboardBenchmark } from './dashboard.bench';
import { dashboardViewsBenchmark } from './dashboard-views.bench';
import { eventStoreBenchmark } from './event-store.bench';
import { feedsBenchmark } from './feeds.bench';
import { firstStartBenchmark } from './first-start.bench';
import { leadListBenchmark } from './lead-list.bench';
import { leadScoreBenchmark } from './lead-score.bench';
import { routingSimulationBenchmark } from './routing-simulation.bench';
import { membersBenchmark } from './members.bench';
import { projectionCatchUpBenchmark } from './projection.bench';
import { searchBenchmark } from './search.bench';
import { sitemapsBenchmark } from './sitemaps.bench';
import { areaMarketBenchmark } from './area-market.bench';
import { marketReportBenchmark } from './market-report.bench';
import { boardBenchmark } from './board.bench';
import { threadBenchmark } from './thread.bench';
import { erasureBenchmark } from './erasure.bench';
import { plansBenchmark } from './plans.bench';
import { searchJsBenchmark } from './search-js.bench';
import { lighthouseBenchmark } from './lighthouse.bench';
import { pushUnderLoadBenchmark } from './push-under-load.bench';
import { valuationBenchmark } from './valuation.bench';
import { apiV1Benchmark } from './api-v1.bench';
import { webhooksBenchmark } from './webhooks.bench';
import { httpAdaptersBenchmark } from './http-adapters.bench';

/** Every benchmark `npm run bench` runs, in table order. Add yours here. */
export const benchmarks: readonly Benchmark[] = [
  eventStoreBenchmark,
  projectionCatchUpBenchmark,
  searchBenchmark,
  firstStartBenchmark,
  dashboardBenchmark,
  pushUnderLoadBenchmark,
  membersBenchmark,
  alertsBenchmark,
  feedsBenchmark,
  leadListBenchmark,
  boardBenchmark,
  threadBenchmark,
  sitemapsBenchmark,
  erasureBenchmark,
  areaMarketBenchmark,
  marketReportBenchmark,
  leadScoreBenchmark,
  behaviourAlertsBenchmark,
  plansBenchmark,
  routingSimulationBenchmark,
  searchJsBenchmark,
  lighthouseBenchmark,
  dashboardViewsBenchmark,
  valuationBenchmark,
  webhooksBenchmark,
  apiV1Benchmark,
  httpAdaptersBenchmark,
];
