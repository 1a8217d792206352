import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { MessagingModule } from '../messaging';
import { NotificationsModule } from '../notifications';
import { ChangeTaskController } from './change-task/change-task.http';
import { CreateTaskController } from './create-task/create-task.http';
import { ListTasksController } from './list-tasks/list-tasks.http';
import { TaskReminderSender } from './reminders/task-reminder-sender.reactor';
import { TaskReminders } from './reminders/task-reminders.reactor';
import { TimeZoneController } from './time-zone/time-zone.http';

/** Tasks on leads, their reminders (web push at the due time, the 8 am digest) and the agent's time zone. */
@Module({
  imports: [AccountsModule, MessagingModule, NotificationsModule],
  controllers: [CreateTaskController, ChangeTaskController, ListTasksController, TimeZoneController],
  providers: [TaskReminders, TaskReminderSender],
  exports: [TaskReminders, TaskReminderSender],
})
export class TasksModule {}
