export { IntegrationsModule } from './integrations.module';
export { type ApiKeyEvent, apiKeyEventTypes } from './integrations.events';
