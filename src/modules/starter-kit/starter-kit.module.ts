import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { LeadsModule } from '../leads';
import { StarterKitController } from './starter-kit.http';

/** Starter action plans and e-mail templates a broker copies into the office (issue 30 part 5). */
@Module({ imports: [AccountsModule, LeadsModule], controllers: [StarterKitController], providers: [RateLimiter] })
export class StarterKitModule {}
