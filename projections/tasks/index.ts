export { tasksProjection } from './tasks.projection';
export { type DigestCandidate, digestCandidates, type DueReminder, dueReminders, listTasks, type TaskScope, type TaskTally, taskTally, timeZoneOf } from './tasks.query';
