import { describe, expect, it } from 'vitest';
import { decideClearTranslation } from './clear-translation.decide';
import { evolveLanguageTexts } from '../change-translation/change-translation.decide';

describe('clearing a translation', () => {
  it('records the text it clears, and the language falls back to English for that label', () => {
    const given = { 'search.submit': 'Buscar', 'header.buy': 'Comprar' };
    const events = decideClearTranslation({ language: 'es', transId: 'search.submit' }, given);
    expect(events).toEqual([{ type: 'TranslationCleared', data: { language: 'es', transId: 'search.submit', previous: 'Buscar' } }]);
    expect(events.reduce(evolveLanguageTexts, given)).toEqual({ 'header.buy': 'Comprar' });
  });

  it('records nothing for a label without a translation; refuses unknown labels and languages', () => {
    expect(decideClearTranslation({ language: 'es', transId: 'search.submit' }, {})).toEqual([]);
    expect(() => decideClearTranslation({ language: 'es', transId: 'nope' }, {})).toThrow('No such label');
    expect(() => decideClearTranslation({ language: 'xx', transId: 'search.submit' }, {})).toThrow('Please pick a language');
  });
});
