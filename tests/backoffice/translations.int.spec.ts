import { describe, expect, it } from 'vitest';
import { backofficeWorld, signedIn } from '../support/backoffice-people';
import { WebClient } from '../support/web-client';

describe('translations: events, a read model, the editor for level 25 (issue 7)', () => {
  const w = backofficeWorld();

  it('serves English until a label is translated, then the translation, to anyone', async () => {
    const anyone = WebClient.for(w.server.url);
    expect((await anyone.get('/api/translations?language=es')).body.labels['header.buy']).toBe('Buy');
    const staff = await signedIn(w.server, w.cast.staff);
    const saved = await staff.post('/api/backoffice/translations', { language: 'es', transId: 'header.buy', text: ' Comprar ' });
    expect(saved.body).toEqual({ isSuccess: true, changed: true, text: 'Comprar' });
    expect((await staff.post('/api/backoffice/translations', { language: 'es', transId: 'header.buy', text: 'Comprar' })).body.changed).toBe(false);
    await w.server.runtime.runner.waitForCatchUp();
    const es = (await anyone.get('/api/translations?language=es')).body;
    expect(es.labels).toMatchObject({ 'header.buy': 'Comprar', 'header.saved': 'Saved' });
    expect((await anyone.get('/api/translations')).body.labels['header.buy']).toBe('Buy');

    const editor = (await staff.get('/api/backoffice/translations?language=en&translang=es')).body;
    expect(editor.entries.find((e: { transId: string }) => e.transId === 'header.buy')).toMatchObject({ source: 'Buy', text: 'Comprar', default: 'Buy' });
    const history = (await staff.get(`/api/backoffice/accounts/${w.cast.staff.userId}/history`)).body;
    expect(history.events.map((e: { type: string }) => e.type)).not.toContain('TranslationChanged');
    const { rows } = await w.db.pool.query("SELECT metadata->>'actorId' AS actor FROM events WHERE type = 'TranslationChanged'");
    expect(rows).toEqual([{ actor: w.cast.staff.userId }]);
  });

  it('clears a translation: English again for everyone, and clearing nothing records nothing', async () => {
    const staff = await signedIn(w.server, w.cast.staff);
    const anyone = WebClient.for(w.server.url);
    expect((await staff.post('/api/backoffice/translations', { language: 'fr', transId: 'search.submit', text: 'Rechercher' })).status).toBe(200);
    await w.server.runtime.runner.waitForCatchUp();
    expect((await anyone.get('/api/translations?language=fr')).body.labels['search.submit']).toBe('Rechercher');
    expect((await staff.post('/api/backoffice/translations/clear', { language: 'fr', transId: 'search.submit' })).body).toEqual({
      isSuccess: true,
      changed: true,
    });
    expect((await staff.post('/api/backoffice/translations/clear', { language: 'fr', transId: 'search.submit' })).body).toEqual({
      isSuccess: true,
      changed: false,
    });
    await w.server.runtime.runner.waitForCatchUp();
    expect((await anyone.get('/api/translations?language=fr')).body.labels['search.submit']).toBe('Search');
    const editor = (await staff.get('/api/backoffice/translations?language=en&translang=fr')).body;
    expect(editor.entries.find((e: { transId: string }) => e.transId === 'search.submit')).toMatchObject({ text: null, updatedAt: null });
    const agent = await signedIn(w.server, w.cast.agent);
    expect((await agent.post('/api/backoffice/translations/clear', { language: 'fr', transId: 'search.submit' })).status).toBe(403);
  });

  it('refuses other levels, unknown labels and languages', async () => {
    const agent = await signedIn(w.server, w.cast.agent);
    expect((await agent.post('/api/backoffice/translations', { language: 'es', transId: 'header.buy', text: 'x' })).status).toBe(403);
    const staff = await signedIn(w.server, w.cast.staff);
    expect((await staff.post('/api/backoffice/translations', { language: 'es', transId: 'nope', text: 'x' })).status).toBe(404);
    expect((await staff.post('/api/backoffice/translations', { language: 'xx', transId: 'header.buy', text: 'x' })).body).toEqual({
      message: 'Please pick a language',
    });
    expect((await WebClient.for(w.server.url).get('/api/translations?language=klingon')).status).toBe(400);
  });
});
