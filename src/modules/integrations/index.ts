export { IntegrationsModule } from './integrations.module';
export { type ApiKeyEvent, apiKeyEventTypes } from './integrations.events';
export { PortalMailIntake } from './portal-intake/portal-mail-intake';
export { FACEBOOK_INBOUND_PATH } from './facebook/facebook-webhook.http';
