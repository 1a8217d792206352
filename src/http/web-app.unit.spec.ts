import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../shared/paths';
import { withServerPage } from './web-app';

describe('a server-rendered page in the app’s index.html', () => {
  it("replaces the app's title and description, adds the page's head tags, and puts its body before the hidden root", () => {
    // The app's own template: the build keeps these marks, which the server looks for.
    const index = fs.readFileSync(path.join(projectRoot, 'web', 'index.html'), 'utf8');
    const out = withServerPage(index, '<title>Home</title>\n<link rel="canonical" href="https://x.test/" />', '<div id="ssr"><h1>Home</h1></div>');
    expect(out.match(/<title>/g)).toHaveLength(1);
    expect(out).toContain('<title>Home</title>');
    expect(out).not.toContain('<meta name="description"');
    expect(out).toMatch(/<link rel="canonical" href="https:\/\/x.test\/" \/>\n<\/head>/);
    expect(out).toContain('<div id="ssr"><h1>Home</h1></div><div id="root" hidden></div>');
    expect(out).toMatch(/<html lang="en">/);
  });

  it("says the page's language on <html lang>, once", () => {
    const index = fs.readFileSync(path.join(projectRoot, 'web', 'index.html'), 'utf8');
    const out = withServerPage(index, '<title>Inicio</title>', '<div id="ssr"></div>', 'es');
    expect(out.match(/<html[^>]*>/)?.[0]).toBe('<html lang="es">');
  });
});
