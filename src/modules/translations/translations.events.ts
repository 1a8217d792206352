/** A label's text in one language, set by staff in the translation editor. Stream: translations-<language>. */
export type TranslationChanged = {
  readonly type: 'TranslationChanged';
  readonly data: { readonly language: string; readonly transId: string; readonly text: string; readonly previous: string | null };
};

export type TranslationEvent = TranslationChanged;
export const translationEventTypes = ['TranslationChanged'] as const satisfies readonly TranslationEvent['type'][];
