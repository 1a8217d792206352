export { actOnConsentWording } from './consent-wording/consent-from-wording';
export { readConsentWording, type ConsentWording } from './consent-wording/consent-wording';
export { type ComplianceEvent, type ConsentWordingUnclear, complianceEventTypes, complianceStream } from './compliance.events';
export { DEFAULT_TEXTS_PER_DAY, loadTextRules, quietHoursTime, type TextRules } from './quiet-hours/text-rules';
export { nextTextSlot } from './quiet-hours/quiet-hours';
export { textHeldDecider } from './quiet-hours/text-held.decide';
export type { AutomatedTextHeld, TextDeliveryReported } from './compliance.events';
export { textDeliveryEventTypes, textDeliveryStream } from './compliance.events';
export { type AutomatedText, queueAutomatedText } from './quiet-hours/automated-text-queue';
