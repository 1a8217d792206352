import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { UploadsModule } from '../uploads';
import { PersonEraser } from './erase-person/person-eraser';
import { AccountPrivacyController, OwnDataController } from './privacy.http';

/** Issue 18: erasure and the personal-data export (the sealing itself lives in the event store). */
@Module({
  imports: [AccountsModule, UploadsModule],
  controllers: [OwnDataController, AccountPrivacyController],
  providers: [PersonEraser, RateLimiter],
  exports: [PersonEraser],
})
export class PrivacyModule {}
