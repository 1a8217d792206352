import type { Decider } from '../../../commands/decider';
import { notFound, validation } from '../../../shared/errors';
import { isLabelId, isLanguage } from '../catalogue';
import { evolveLanguageTexts, type LanguageTexts } from '../change-translation/change-translation.decide';
import type { TranslationEvent } from '../translations.events';

export type ClearTranslation = { readonly language: string; readonly transId: string };

/** Clearing a label's text in a language (the site falls back to English); nothing to clear records nothing. */
export function decideClearTranslation(c: ClearTranslation, s: LanguageTexts): TranslationEvent[] {
  if (!isLanguage(c.language)) throw validation('Please pick a language');
  if (!isLabelId(c.transId)) throw notFound('No such label');
  const previous = s[c.transId];
  if (previous === undefined) return [];
  return [{ type: 'TranslationCleared', data: { language: c.language, transId: c.transId, previous } }];
}

export const clearTranslationDecider: Decider<LanguageTexts, ClearTranslation, TranslationEvent> = {
  initialState: () => ({}),
  evolve: evolveLanguageTexts,
  decide: decideClearTranslation,
};
