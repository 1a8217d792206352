/** A label's text in one language, set by staff in the translation editor. Stream: translations-<language>. */
export type TranslationChanged = {
  readonly type: 'TranslationChanged';
  readonly data: { readonly language: string; readonly transId: string; readonly text: string; readonly previous: string | null };
};

/** Staff cleared a label's text in one language: the site shows the English default again. */
export type TranslationCleared = {
  readonly type: 'TranslationCleared';
  readonly data: { readonly language: string; readonly transId: string; readonly previous: string };
};

export type TranslationEvent = TranslationChanged | TranslationCleared;
export const translationEventTypes = ['TranslationChanged', 'TranslationCleared'] as const satisfies readonly TranslationEvent['type'][];
