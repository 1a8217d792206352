import { request } from './http';

export type Labels = Readonly<Record<string, string>>;

export type TranslationEntry = {
  readonly transId: string;
  readonly where: string;
  readonly default: string;
  /** The label's text in the editor's source language. */
  readonly source: string;
  /** Its text in the language being edited; null: not translated yet. */
  readonly text: string | null;
  readonly updatedAt: string | null;
};

export type TranslationEditor = {
  readonly language: string;
  readonly translang: string;
  readonly languages: readonly { readonly code: string; readonly name: string }[];
  readonly entries: readonly TranslationEntry[];
};

export const labelsIn = (language: string) => request<{ language: string; labels: Labels }>('GET', `/api/translations?language=${encodeURIComponent(language)}`);

export const translationEditor = (language: string, translang: string) =>
  request<TranslationEditor>('GET', `/api/backoffice/translations?language=${encodeURIComponent(language)}&translang=${encodeURIComponent(translang)}`);

export const saveTranslation = (language: string, transId: string, text: string) =>
  request<{ changed: boolean; text: string | null }>('POST', '/api/backoffice/translations', { language, transId, text });

export const clearTranslation = (language: string, transId: string) => request<{ changed: boolean }>('POST', '/api/backoffice/translations/clear', { language, transId });
