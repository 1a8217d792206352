import { contract } from '../../../src/contract/routes';
import { api } from './contract-client';

export type { Labels, TranslationEditor, TranslationEntry } from '../../../src/contract/translations';

export const labelsIn = (language: string) => api(contract.translations.labels, { query: { language } });

export const translationEditor = (language: string, translang: string, signal?: AbortSignal) =>
  api(contract.translations.editor, { query: { language, translang } }, { signal });

export const saveTranslation = (language: string, transId: string, text: string) => api(contract.translations.change, { body: { language, transId, text } });

export const clearTranslation = (language: string, transId: string) => api(contract.translations.clear, { body: { language, transId } });
