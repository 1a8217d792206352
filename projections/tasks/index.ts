export { tasksProjection } from './tasks.projection';
export {
  type DigestCandidate,
  digestCandidates,
  type DueTasks,
  dueTasks,
  listTasks,
  type TaskScope,
  type TaskTally,
  taskTally,
  timeZoneOf,
} from './tasks.query';
