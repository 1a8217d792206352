export type { ShowingEvent } from './showings.events';
export { showingEventTypes, showingStream } from './showings.events';
export { ShowingRequests, showingIdOfRequest } from './showing-requests/showing-requests.reactor';
export { ShowingNotices } from './notices/showing-notices';
export { ShowingNoticesReactor } from './notices/showing-notices.reactor';
export { ShowingsModule } from './showings.module';
