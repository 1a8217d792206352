import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { LeadsModule } from '../leads';
import { SellerLeadController } from './seller-lead/seller-lead.http';
import { ValuationController } from './valuation.http';

/** The seller suite: the instant value from the sold listings the product holds, and the seller lead it makes. */
@Module({
  imports: [AccountsModule, LeadsModule],
  controllers: [ValuationController, SellerLeadController],
})
export class ValuationModule {}
