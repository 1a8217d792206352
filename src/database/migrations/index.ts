import type { Migration } from './migration';
import { eventStore } from './001-event-store';
import { projectionCheckpoints } from './002-projection-checkpoints';
import { sessionsAndSignIn } from './003-sessions-and-sign-in';
import { appendEventsGenericPlans } from './004-append-events-generic-plans';
import { smsOutbox } from './005-sms-outbox';
import { propertyAlerts } from './008-property-alerts';
import { socketIoAttachments } from './009-socket-io-attachments';
import { alertSearchSequence } from './010-alert-search-sequence';
import { shareMailOutbox } from './011-share-mail-outbox';
import { rateLimitHits } from './012-rate-limit-hits';
import { sessionsByImpersonator } from './013-sessions-by-impersonator';
import { taskReminders } from './014-task-reminders';
import { pgTrgm } from './015-pg-trgm';
import { leadNotices } from './016-lead-notices';
import { leadEmailOutbox } from './017-lead-email-outbox';
import { showingNotices } from './018-showing-notices';
import { listingMailOutbox } from './019-listing-mail-outbox';
import { replyNotices } from './020-reply-notices';
import { personalDataKeys } from './021-personal-data-keys';
import { erasureLinks } from './022-erasure-links';
import { planWork } from './023-plan-work';
import { behaviourAlerts } from './024-behaviour-alerts';
import { pushesUnsettled } from './025-pushes-unsettled';
import { outboxRetryPolicy } from './040-outbox-retry-policy';
import { mailboxSync } from './047-mailbox-sync';
import { mailboxOAuthStates } from './048-mailbox-oauth-states';
import { webhooks } from './049-webhooks';
import { facebookLeadQueue } from './050-facebook-lead-queue';
import { sellerMailOutbox } from './051-seller-mail-outbox';
import { alertChangeQueue } from './052-alert-change-queue';
import { automatedTexts } from './053-automated-texts';
import { behaviourQueues } from './054-behaviour-queues';
import { planWorkQueue } from './055-plan-work-queue';
import { automatedTextVoidAfter } from './056-automated-text-void-after';
import { listingReportMailOutbox } from './057-listing-report-mail-outbox';
import { taskReminderPushQueue } from './058-task-reminder-push-queue';
import { sealedItemAddresses } from './059-sealed-item-addresses';
import { webPushOutbox } from './060-web-push-outbox';
import { oneTimeBackfills } from './061-one-time-backfills';
import { pondPushesOneOutbox } from './062-pond-pushes-one-outbox';
import { searchAdapterWanted } from './063-search-adapter-wanted';

/** In order; a migration, once released, is never edited: add the next one instead. */
export const migrations: readonly Migration[] = [
  eventStore,
  projectionCheckpoints,
  sessionsAndSignIn,
  appendEventsGenericPlans,
  smsOutbox,
  propertyAlerts,
  socketIoAttachments,
  alertSearchSequence,
  shareMailOutbox,
  rateLimitHits,
  sessionsByImpersonator,
  taskReminders,
  pgTrgm,
  leadNotices,
  leadEmailOutbox,
  showingNotices,
  listingMailOutbox,
  replyNotices,
  personalDataKeys,
  erasureLinks,
  planWork,
  behaviourAlerts,
  pushesUnsettled,
  outboxRetryPolicy,
  mailboxSync,
  mailboxOAuthStates,
  webhooks,
  facebookLeadQueue,
  sellerMailOutbox,
  alertChangeQueue,
  automatedTexts,
  behaviourQueues,
  planWorkQueue,
  automatedTextVoidAfter,
  listingReportMailOutbox,
  taskReminderPushQueue,
  sealedItemAddresses,
  webPushOutbox,
  oneTimeBackfills,
  pondPushesOneOutbox,
  searchAdapterWanted,
];
