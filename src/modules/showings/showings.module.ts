import { Module } from '@nestjs/common';
import { MessagingModule } from '../messaging';
import { CalendarController } from './calendar/calendar.http';
import { ChangeShowingController } from './change-showing/change-showing.http';
import { ShowingNoticesReactor } from './notices/showing-notices.reactor';
import { ProposeShowingController } from './propose-showing/propose-showing.http';
import { ShowingRequests } from './showing-requests/showing-requests.reactor';

/** Showings as appointments: leads' requests made into them, the office's answers, the calendar, and the lead's invitation, reminder and cancellation. */
@Module({
  imports: [MessagingModule],
  controllers: [ProposeShowingController, ChangeShowingController, CalendarController],
  providers: [ShowingRequests, ShowingNoticesReactor],
  exports: [ShowingRequests, ShowingNoticesReactor],
})
export class ShowingsModule {}
