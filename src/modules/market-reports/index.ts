export { MarketReportsModule } from './market-reports.module';
