import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { SitesModule } from '../sites';
import { UploadsModule } from '../uploads';
import { SignUpLead } from './sign-up-lead';
import { InquiryController } from './submit-inquiry/inquiry.http';

/** Leads: inquiries and the capture of new leads (routing them to agents is issue 6). */
@Module({
  imports: [AccountsModule, SitesModule, UploadsModule],
  controllers: [InquiryController],
  providers: [SignUpLead],
})
export class LeadsModule {}
