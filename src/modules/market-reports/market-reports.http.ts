import { Controller, Inject, Query } from '@nestjs/common';
import type { MarketReport } from '../../contract/market-reports';
import type { QueryOf } from '../../contract/route';
import { contract } from '../../contract/routes';
import { Route } from '../../http/contract/route.decorator';
import { notFound } from '../../shared/errors';
import { MarketPages } from './market-pages';

/** What the web app needs to draw a market report page itself. */
@Controller()
export class MarketReportsController {
  constructor(@Inject(MarketPages) private readonly pages: MarketPages) {}

  @Route(contract.marketReports.report)
  async report(@Query() { path }: QueryOf<typeof contract.marketReports.report>): Promise<MarketReport> {
    const r = await this.pages.reportOf(path);
    if (!r) throw notFound('No market report for this area');
    return r;
  }
}
