import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ValuationController } from './valuation.http';

/** The seller suite's instant value: an estimate from the sold listings the product holds. */
@Module({
  imports: [AccountsModule],
  controllers: [ValuationController],
})
export class ValuationModule {}
