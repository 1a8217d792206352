// Events and the registry first: the runtime and projections import them without the module below.
export type { ErasureHow, PersonErased, PrivacyEvent } from './privacy.events';
export { ERASED, ERASED_NAME, privacyEventTypes, privacyStream } from './privacy.events';
export { personalFields } from './personal-fields';
export { PersonEraser } from './erase-person/person-eraser';
export { LeadRetentionReactor } from './retention/lead-retention.reactor';
export { PrivacyModule } from './privacy.module';
