import { describe, expect, it } from 'vitest';
import { decideChangeTranslation } from './change-translation.decide';

describe('changing a translation', () => {
  it('records the new text with the previous one; the same text again records nothing', () => {
    expect(decideChangeTranslation({ language: 'es', transId: 'header.buy', text: ' Comprar ' }, {})).toEqual([
      { type: 'TranslationChanged', data: { language: 'es', transId: 'header.buy', text: 'Comprar', previous: null } },
    ]);
    expect(decideChangeTranslation({ language: 'es', transId: 'header.buy', text: 'Comprar' }, { 'header.buy': 'Comprar' })).toEqual([]);
  });

  it('refuses unknown labels and languages and empty text', () => {
    expect(() => decideChangeTranslation({ language: 'es', transId: 'nope', text: 'x' }, {})).toThrow('No such label');
    expect(() => decideChangeTranslation({ language: 'xx', transId: 'header.buy', text: 'x' }, {})).toThrow('Please pick a language');
    expect(() => decideChangeTranslation({ language: 'es', transId: 'header.buy', text: '  ' }, {})).toThrow('Please enter the translation');
  });
});
