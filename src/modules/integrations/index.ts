export { IntegrationsModule } from './integrations.module';
export { type ApiKeyEvent, apiKeyEventTypes } from './api-keys/api-keys.events';
