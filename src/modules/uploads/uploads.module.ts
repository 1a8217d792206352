import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { CONFIG } from '../../runtime/tokens';
import type { Config } from '../../config/config';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { UploadsController } from './uploads.http';
import { UploadAccessGuard } from './upload-access.guard';
import { UploadStore } from './upload-store';

@Module({
  imports: [
    AccountsModule,
    MulterModule.registerAsync({
      inject: [CONFIG],
      // In memory (the bytes are sniffed before anything is written), one file, small fields.
      useFactory: (config: Config) => ({ limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 5, fieldSize: 1024 } }),
    }),
  ],
  controllers: [UploadsController],
  providers: [UploadStore, RateLimiter, UploadAccessGuard],
  exports: [UploadStore],
})
export class UploadsModule {}
