import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { MessagingModule } from '../messaging';
import { NotificationsModule } from '../notifications';
import { AnswerShowingController } from './answer-showing/answer-showing.http';
import { CalendarController } from './calendar/calendar.http';
import { ChangeShowingController } from './change-showing/change-showing.http';
import { ShowingNoticesReactor } from './notices/showing-notices.reactor';
import { ProposeShowingController } from './propose-showing/propose-showing.http';
import { ShowingRequests } from './showing-requests/showing-requests.reactor';

/** Showings as appointments: leads' requests made into them, the office's answers, the calendar, the lead's answers (accept a proposed time, cancel), and the lead's proposal, invitation, reminder and cancellation. */
@Module({
  imports: [MessagingModule, AccountsModule, NotificationsModule],
  controllers: [ProposeShowingController, ChangeShowingController, CalendarController, AnswerShowingController],
  providers: [ShowingRequests, ShowingNoticesReactor],
  exports: [ShowingRequests, ShowingNoticesReactor],
})
export class ShowingsModule {}
