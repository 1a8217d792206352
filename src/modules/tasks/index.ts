export type { AgentTimeZoneSet, AgentZoneEvent, TaskEvent } from './tasks.events';
export { agentZoneEventTypes, agentZoneStream, taskEventTypes, taskStream } from './tasks.events';
export { ReminderOutbox, reminderId, type SendPush } from './reminders/reminder-outbox';
export { TaskReminders } from './reminders/task-reminders.reactor';
export { TasksModule } from './tasks.module';
export { createTaskDecider } from './create-task/create-task.decide';
export { zoneOfUsers } from './time-zone/zone-of-users';
export { CreateTaskCommand } from './create-task/create-task.command';
