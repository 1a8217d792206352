import { describe, expect, it } from 'vitest';
import { sniff } from './file-sniff';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n', 'latin1');
const zipHeader = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const docx = Buffer.concat([zipHeader, Buffer.from('....[Content_Types].xml....word/document.xml....', 'latin1')]);

describe('upload sniffing', () => {
  it.each([
    [png, 'png'],
    [jpg, 'jpg'],
    [Buffer.from('GIF89a\u0001\u0000', 'latin1'), 'gif'],
    [pdf, 'pdf'],
    [docx, 'docx'],
    [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'doc'],
  ])('accepts by content', (bytes, ext) => {
    expect(sniff(bytes)).toMatchObject({ ok: true, ext });
  });

  it.each([
    ['an HTML page', Buffer.from('<html><body>hi</body></html>')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['plain text named .pdf', Buffer.from('hello')],
  ])('refuses %s', (_name, bytes) => {
    expect(sniff(bytes).ok).toBe(false);
  });

  it.each([
    ['a GIF with a script (GIF/JS polyglot)', Buffer.from('GIF89a/*\u0000*/=1;<script>alert(1)</script>', 'latin1'), /script/],
    ['a PNG with a ZIP appended (GIFAR-style)', Buffer.concat([png, zipHeader, Buffer.alloc(10)]), /archive/],
    ['a JPEG that is also a PDF', Buffer.concat([jpg, Buffer.from('%PDF-1.4')]), /PDF/],
    ['a PDF that is also an HTML page', Buffer.concat([pdf, Buffer.from('<html><script>x</script>')]), /script/],
    ['a PDF with JavaScript', Buffer.from('%PDF-1.4\n<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\n%%EOF'), /scripts/],
    ['a ZIP that is not a Word document', Buffer.concat([zipHeader, Buffer.from('evil.exe')]), /not a Word/],
    ['a Word document with macros', Buffer.concat([docx, Buffer.from('word/vbaProject.bin')]), /macros/],
  ])('refuses %s with a clear message', (_name, bytes, message) => {
    const r = sniff(bytes);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(message);
  });
});
