import type { Decider } from '../../../commands/decider';
import { notFound, validation } from '../../../shared/errors';
import { isLabelId, isLanguage } from '../catalogue';
import type { TranslationEvent } from '../translations.events';
import { TRANSLATION_TEXT_MAX } from '../../../contract/translations';

/** One language's labels as its stream says: transId → text. */
export type LanguageTexts = Readonly<Record<string, string>>;

export type ChangeTranslation = { readonly language: string; readonly transId: string; readonly text: string };

export const TEXT_MAX = TRANSLATION_TEXT_MAX;

export function decideChangeTranslation(c: ChangeTranslation, s: LanguageTexts): TranslationEvent[] {
  if (!isLanguage(c.language)) throw validation('Please pick a language');
  if (!isLabelId(c.transId)) throw notFound('No such label');
  const text = c.text.trim();
  if (!text) throw validation('Please enter the translation');
  if (text.length > TEXT_MAX) throw validation(`The translation is too long (at most ${TEXT_MAX} characters)`);
  const previous = s[c.transId] ?? null;
  if (previous === text) return [];
  return [{ type: 'TranslationChanged', data: { language: c.language, transId: c.transId, text, previous } }];
}

export function evolveLanguageTexts(s: LanguageTexts, e: TranslationEvent): LanguageTexts {
  if (e.type === 'TranslationChanged') return { ...s, [e.data.transId]: e.data.text };
  const { [e.data.transId]: _cleared, ...rest } = s;
  return rest;
}

export const changeTranslationDecider: Decider<LanguageTexts, ChangeTranslation, TranslationEvent> = {
  initialState: () => ({}),
  evolve: evolveLanguageTexts,
  decide: decideChangeTranslation,
};
