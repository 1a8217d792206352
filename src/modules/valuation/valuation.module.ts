import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { LeadsModule } from '../leads';
import { MessagingModule } from '../messaging';
import { SitesModule } from '../sites';
import { CmaController } from './cma/cma.http';
import { CmaViewController } from './cma/cma-view.http';
import { SellerLeadController } from './seller-lead/seller-lead.http';
import { CmaRequestController } from './seller-mail/cma-request.http';
import { DigestOpenController } from './seller-mail/digest-open.http';
import { HomeDigestScheduler } from './seller-mail/home-digest.scheduler';
import { SellerMailSender } from './seller-mail/seller-mail-sender.reactor';
import { ValuationController } from './valuation.http';

/** The seller suite: the instant value from the sold listings the product holds, the seller lead it makes, the agent's CMA and the monthly homeowner digest. */
@Module({
  imports: [AccountsModule, LeadsModule, MessagingModule, SitesModule],
  controllers: [ValuationController, SellerLeadController, CmaController, CmaViewController, DigestOpenController, CmaRequestController],
  providers: [SellerMailSender, HomeDigestScheduler],
})
export class ValuationModule {}
