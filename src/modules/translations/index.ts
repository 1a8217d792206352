export type { TranslationChanged, TranslationEvent } from './translations.events';
export { translationEventTypes } from './translations.events';
export { isLanguage, LABELS, LANGUAGES, type LabelId } from './catalogue';
export { TranslationsModule } from './translations.module';
