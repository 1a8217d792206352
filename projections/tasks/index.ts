export { tasksProjection } from './tasks.projection';
export { type DigestCandidate, digestCandidates, type DueReminder, dueReminders, listTasks, type TaskScope, timeZoneOf } from './tasks.query';
