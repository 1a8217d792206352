import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Started } from '../../src/main';
import { PALETTES } from '../../src/contract/site-styles';
import { demoSite, type Office, registerOffice, signIn, startDashboardServer } from '../support/dashboard-fixture';
import { WebClient } from '../support/web-client';

const demo = demoSite('demo');
const stylesOf = (siteId: string, part = '') => `/api/castle/styles/${siteId}${part ? `/${part}` : ''}`;

describe('site styles (/api/castle/styles): the broker of a site, or staff, choose its palette, fonts and home cover', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let server: Started;
  let office: Office;

  beforeAll(async () => {
    fixture = await startDashboardServer();
    server = fixture.server;
    office = await registerOffice(server, 'styled');
  });
  afterAll(async () => fixture?.stop());

  it('signed out 401, a lead 403, an agent or another broker 404 (reading and changing); the public reads its own site', async () => {
    expect((await WebClient.for(server.url).get(stylesOf(demo.siteId))).status).toBe(401);
    expect((await WebClient.for(server.url).request('PUT', stylesOf(demo.siteId, 'fontpack'), { json: { pack: 'classic' } })).status).toBe(401);
    const lead = await signIn(server, 'lead@demo.test');
    expect((await lead.get(stylesOf(demo.siteId))).status).toBe(403);
    const agent = await signIn(server, 'agent@demo.test');
    expect((await agent.get(stylesOf(demo.siteId))).status).toBe(404);
    const other = await signIn(server, office.brokerEmail);
    for (const [part, json] of [
      ['colorpalette', { palette: 'navy' }],
      ['fontpack', { pack: 'classic' }],
      ['homecover', { headline: 'Mine now' }],
    ] as const) {
      const res = await other.request('PUT', stylesOf(demo.siteId, part), { json });
      expect([res.status, res.body.message], part).toEqual([404, 'No such site']);
    }
    expect((await other.get(stylesOf(demo.siteId, 'homecover'))).status).toBe(404);
    expect((await other.get(stylesOf('not-a-uuid'))).status).toBe(404);
    // Nothing of theirs reached the demo site.
    const pub = await WebClient.for(server.url, 'demo.localhost').get('/api/castle/styles');
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual({
      colorpalette: { palette: 'harbor', ...pick(PALETTES.harbor) },
      fontpack: { pack: 'modern' },
      homecover: { imageUrl: null, headline: '', subline: '' },
    });
    // Their own site is theirs to style.
    const own = await other.request('PUT', stylesOf(office.siteId, 'fontpack'), { json: { pack: 'humanist' } });
    expect([own.status, own.body.fontpack]).toEqual([200, { pack: 'humanist' }]);
  });

  it('the broker changes each part: the public site (its JSON, its stylesheet, GET /api/site) has it on the next request', async () => {
    const broker = await signIn(server, 'broker@demo.test');
    const palette = await broker.request('PUT', stylesOf(demo.siteId, 'colorpalette'), { json: { palette: 'custom', primary: '#5B2A86', accent: '#FBBF24' } });
    expect(palette.status, palette.text).toBe(200);
    expect(palette.body.colorpalette).toEqual({ palette: 'custom', primary: '#5b2a86', accent: '#fbbf24' });
    const fonts = await broker.request('PUT', stylesOf(demo.siteId, 'fontpack'), { json: { pack: 'editorial' } });
    expect(fonts.body.fontpack).toEqual({ pack: 'editorial' });
    const cover = await broker.request('PUT', stylesOf(demo.siteId, 'homecover'), {
      json: { imageUrl: '/uploads/cover1.jpg', headline: 'Homes by the <b>water</b>', subline: 'Puget Sound, street by street' },
    });
    expect(cover.body.homecover).toEqual({ imageUrl: '/uploads/cover1.jpg', headline: 'Homes by the <b>water</b>', subline: 'Puget Sound, street by street' });
    expect((await broker.get(stylesOf(demo.siteId, 'colorpalette'))).body).toEqual({ palette: 'custom', primary: '#5b2a86', accent: '#fbbf24' });

    const visitor = WebClient.for(server.url, 'demo.localhost');
    expect((await visitor.get('/api/castle/styles')).body).toEqual({ ...palette.body, fontpack: { pack: 'editorial' }, homecover: cover.body.homecover });
    expect((await visitor.get('/api/site')).body.settings).toMatchObject({ PrimaryColor: '#5b2a86', AccentColor: '#fbbf24' });
    const css = await visitor.get('/api/castle/styles/site.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.text).toContain('--brand: #5b2a86;');
    expect(css.text).toContain('--accent-contrast: #152033;');
    expect(css.text).toMatch(/--font-heading: 'Iowan Old Style'.*serif;/);
    // Another site's stylesheet keeps its own.
    expect((await WebClient.for(server.url, 'jane.localhost').get('/api/castle/styles/site.css')).text).not.toContain('#5b2a86');

    // The curated palette again: its name comes back.
    const harbor = await broker.request('PUT', stylesOf(demo.siteId, 'colorpalette'), { json: { palette: 'harbor' } });
    expect(harbor.body.colorpalette).toEqual({ palette: 'harbor', ...pick(PALETTES.harbor) });
    await broker.request('PUT', stylesOf(demo.siteId, 'fontpack'), { json: { pack: 'modern' } });
    await broker.request('PUT', stylesOf(demo.siteId, 'homecover'), { json: {} });
  });

  it('bad values are 400 with a clear message, and a palette failing WCAG AA is refused with the ratio it reaches', async () => {
    const staff = await signIn(server, 'staff@porchlight.test');
    for (const [part, json, message] of [
      [
        'colorpalette',
        { palette: 'custom', primary: '#f5f7fa', accent: '#000000' },
        /^The primary colour #f5f7fa is too light: white text on it, and links in it, have a contrast of 1\.0:1; WCAG AA asks for at least 4\.5:1/,
      ],
      ['colorpalette', { palette: 'custom', primary: '#1f3a5f', accent: '#7e7e7e' }, /^The accent colour #7e7e7e leaves text on it at 4\.0:1/],
      ['colorpalette', { palette: 'custom', primary: '#1f3a5f' }, /^A custom palette needs both a primary and an accent colour$/],
      ['colorpalette', { palette: 'neon' }, /^palette must be one of: harbor, navy, terracotta, plum, slate, custom$/],
      ['colorpalette', { palette: 'navy', extra: 1 }, /^Unknown field: extra$/],
      ['fontpack', { pack: 'comic-sans' }, /^pack must be one of: modern, classic, editorial, humanist$/],
      ['fontpack', {}, /^pack is required$/],
      ['homecover', { imageUrl: 'https://elsewhere.example/cover.jpg' }, /^The cover image must be an image uploaded here/],
      ['homecover', { headline: 'x'.repeat(81) }, /^The headline is at most 80 characters$/],
    ] as const) {
      const res = await staff.request('PUT', stylesOf(demo.siteId, part), { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await staff.request('PUT', stylesOf(demo.siteId, 'wallpaper'), { json: {} })).status).toBe(404);
    expect((await staff.get(stylesOf(demo.siteId, 'wallpaper'))).status).toBe(404);
    expect((await staff.get(stylesOf(demo.siteId))).body.colorpalette.palette).toBe('harbor');
  });
});

const pick = (p: { primary: string; accent: string }) => ({ primary: p.primary, accent: p.accent });
