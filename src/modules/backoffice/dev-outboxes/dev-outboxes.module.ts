import { Module } from '@nestjs/common';
import { AccountsModule } from '../../accounts';
import { DevOutboxesController } from './dev-outboxes.http';

/** GET /api/dev/mailbox and /api/dev/sms for staff; app.module.ts imports it outside production only. */
@Module({
  imports: [AccountsModule],
  controllers: [DevOutboxesController],
})
export class DevOutboxesModule {}
