import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { SitesModule } from '../sites';
import { UploadsModule } from '../uploads';
import { ListingsModule } from '../listings';
import { LeadsModule } from '../leads';
import { ExportLeadsController } from './export-leads/export-leads.http';
import { ImportAccessGuard, ImportLeadsController } from './import-leads/import-leads.http';
import { LeadImporter } from './import-leads/lead-importer';

/** Leads in and out of the CRM in bulk: a CSV import (mapped, de-duplicated, resumable) and the CSV export of a filtered list. */
@Module({
  imports: [AccountsModule, SitesModule, UploadsModule, ListingsModule, LeadsModule],
  controllers: [ExportLeadsController, ImportLeadsController],
  providers: [RateLimiter, LeadImporter, ImportAccessGuard],
})
export class LeadTransferModule {}
