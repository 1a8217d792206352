export { IntegrationsModule } from './integrations.module';
export { type ApiKeyEvent, apiKeyEventTypes } from './integrations.events';
export { PortalMailIntake } from './portal-intake/portal-mail-intake';
export { LeadIntake, type IntakeInput } from './intake-lead/lead-intake.service';
export { LeadFlowFormSources } from './lead-flow/form-sources.port';
