import { describe, expect, it } from 'vitest';
import type { TranslationEvent } from '../../src/modules/translations/translations.events';
import { projectionSpecification, specId } from '../../tests/support/projection-specification';
import { textsFor, translationsProjection } from './index';

const STAFF = specId(1);
const changed = (language: string, transId: string, text: string): TranslationEvent & { metadata: { actorId: string } } => ({
  type: 'TranslationChanged',
  data: { language, transId, text, previous: null },
  metadata: { actorId: STAFF },
});
const cleared = (language: string, transId: string): TranslationEvent => ({ type: 'TranslationCleared', data: { language, transId, previous: 'x' } });
const textsOf = (m: Map<string, Map<string, { text: string }>>, language: string) =>
  Object.fromEntries([...(m.get(language) ?? [])].map(([k, v]) => [k, v.text]));

describe('translations read model', () => {
  const spec = projectionSpecification(translationsProjection);

  it("given Spanish texts, when one is changed and another cleared, then the label reads the new text, the cleared one falls back, and staff's editors are told", () =>
    spec
      .given(changed('es', 'header.buy', 'Comprar'), changed('es', 'header.sell', 'Vender'), changed('fr', 'header.buy', 'Acheter'))
      .when(changed('es', 'header.buy', 'Compra'), cleared('es', 'header.sell'))
      .then(async ({ pool, rows, pushes }) => {
        const texts = await textsFor(pool, ['es', 'fr']);
        expect(textsOf(texts, 'es')).toEqual({ 'header.buy': 'Compra' });
        expect(textsOf(texts, 'fr')).toEqual({ 'header.buy': 'Acheter' });
        expect(await rows("SELECT updated_by FROM translations WHERE language = 'es'")).toEqual([{ updated_by: STAFF }]);
        expect(pushes).toEqual([{ to: ['staff'], name: 'translations.changed', payload: { languages: ['es'] } }]);
      }));
});
