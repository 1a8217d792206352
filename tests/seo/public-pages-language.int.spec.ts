import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemContext } from '../../src/commands/command-context';
import { type ImportItem, importListings } from '../../src/modules/listings';
import { backofficeWorld } from '../support/backoffice-people';
import { home } from '../support/reso-home';

const items = (records: readonly unknown[]): ImportItem[] => records.map((r, i) => ({ record: i + 1, line: null, parse: () => r }));

/**
 * The server-rendered pages in the visitor's language (issue 17 part 6): a translation saved in
 * the back office reaches a city page read without JavaScript, through ?lang= or the lang
 * cookie; English pages are unchanged.
 */
describe('server-rendered pages in the visitor’s language', () => {
  const w = backofficeWorld();

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${w.server.url}${path}`, { headers: { accept: 'text/html', ...headers } });
    const text = await res.text();
    return { status: res.status, doc: new new Window().DOMParser().parseFromString(text, 'text/html'), text };
  };

  beforeAll(async () => {
    await importListings(w.server.runtime.store, items([home('L1', { BedroomsTotal: 3 }), home('L2', { BedroomsTotal: 2 })]), {
      mls: 'T',
      ctx: systemContext(),
    });
    for (const [transId, text] of [
      ['pages.area.heading', 'Casas en venta en {place}'],
      ['pages.crumb.home', 'Inicio'],
      ['market.medianListPrice', 'Precio de lista mediano'],
      ['pages.facts.beds', '{beds} hab'],
    ]) {
      const r = await w.staff.post('/api/backoffice/translations', { language: 'es', transId, text });
      expect(r.status).toBe(200);
    }
    await w.server.runtime.runner.waitForCatchUp();
  });

  it('shows the Spanish labels with ?lang=es, and the lang cookie keeps them; <html lang> says so', async () => {
    const es = await get('/homes-for-sale/seattle?lang=es');
    expect(es.status).toBe(200);
    expect(es.doc.documentElement.getAttribute('lang')).toBe('es');
    expect(es.doc.querySelector('#ssr h1')?.textContent).toBe('Casas en venta en Seattle');
    expect(es.doc.querySelector('.ssr-crumbs li')?.textContent).toBe('Inicio');
    expect([...es.doc.querySelectorAll('.ssr-market dt')].map((d) => d.textContent)).toContain('Precio de lista mediano');
    expect(es.doc.querySelector('.ssr-card')?.textContent).toMatch(/\d hab/);
    // Labels nobody translated keep the catalogue's English.
    expect(es.doc.querySelector('.ssr-header nav a')?.textContent).toBe('Search homes');
    expect(es.doc.title).toMatch(/^Casas en venta en Seattle \| /);

    const byCookie = await get('/homes-for-sale/seattle', { cookie: 'lang=es' });
    expect(byCookie.doc.querySelector('#ssr h1')?.textContent).toBe('Casas en venta en Seattle');
  });

  it('keeps English pages as they were, and an unknown language is English', async () => {
    for (const path of ['/homes-for-sale/seattle', '/homes-for-sale/seattle?lang=xx', '/homes-for-sale/seattle?lang=en']) {
      const en = await get(path, path.endsWith('=en') ? { cookie: 'lang=es' } : {});
      expect(en.doc.documentElement.getAttribute('lang')).toBe('en');
      expect(en.doc.querySelector('#ssr h1')?.textContent).toBe('Homes for sale in Seattle');
      expect(en.doc.querySelector('.ssr-crumbs li')?.textContent).toBe('Home');
      expect([...en.doc.querySelectorAll('.ssr-market dt')].map((d) => d.textContent)).toContain('Median list price');
      expect(en.doc.querySelector('.ssr-card')?.textContent).toMatch(/\d bd/);
    }
  });
});
