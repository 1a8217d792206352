// Events and state first: projections import them, and they must not wait on the module below.
export type { BackofficeEvent } from './backoffice.events';
export { backofficeEventTypes } from './backoffice.events';
export { type AccountAdmin, accountStatusOf, backofficeStream, evolveAccountAdmin, initialAccountAdmin } from './account-admin';
export { BackofficeController, reasonField } from './backoffice-controller';
export { requireReason } from './reason';
export { accountIdParam } from './admin-commands';
export { BackofficeModule } from './backoffice.module';
export { DevOutboxesModule } from './dev-outboxes/dev-outboxes.module';
