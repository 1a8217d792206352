export type { LeadThreadRead, ThreadEvent } from './thread.events';
export { threadEventTypes, threadReadStream } from './thread.events';
export { ThreadModule } from './thread.module';
