export { actOnConsentWording } from './consent-wording/consent-from-wording';
export { readConsentWording, type ConsentWording } from './consent-wording/consent-wording';
export { type ComplianceEvent, type ConsentWordingUnclear, complianceEventTypes, complianceStream } from './compliance.events';
export { DEFAULT_TEXTS_PER_DAY, loadTextRules, quietHoursTime, type TextRules } from './quiet-hours/text-rules';
