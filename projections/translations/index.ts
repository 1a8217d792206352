export { translationsProjection } from './translations.projection';
export { textsFor, type TranslationRow } from './translations.query';
