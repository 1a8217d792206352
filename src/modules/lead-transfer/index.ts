export type { ImportRowOutcome, LeadImportEvent } from './lead-transfer.events';
export { LeadTransferModule } from './lead-transfer.module';
