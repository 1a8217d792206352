import { Module } from '@nestjs/common';
import { RateLimiter } from '../../http/rate-limiter';
import { AccountsModule } from '../accounts';
import { LeadsModule } from '../leads';
import { MessagingModule } from '../messaging';
import { BehaviourController } from './behaviour.http';
import { BehaviourAlertMailSender } from './notify/behaviour-alert-mail-sender.reactor';
import { BehaviourDetector } from './raise-alert/behaviour-detector.reactor';

/** Behaviour alerts (issue 19 part 2): what a lead does that means intent, told to their agent; an office's thresholds. */
@Module({
  imports: [AccountsModule, LeadsModule, MessagingModule],
  controllers: [BehaviourController],
  providers: [RateLimiter, BehaviourDetector, BehaviourAlertMailSender],
})
export class BehaviourModule {}
