import { describe, expect, it } from 'vitest';
import { isWellFormedUrl } from './malformed-url';

describe('malformed URLs', () => {
  it.each(['/api/search?kw=%00', '/api/details/a%00b', '/api/search?kw=%C0%AF', '/api/search?kw=%FF', '/x?a=%E2%82', '/x?a=%C3&b=%A9', '/x?%FF=1'])(
    'refuses %s',
    (url) => {
      expect(isWellFormedUrl(url)).toBe(false);
    },
  );

  it.each([
    '/api/search?kw=Caf%C3%A9',
    '/api/search?kw=100%',
    '/x?a=50%25+off',
    '/api/search/autocomplete/kw/Se',
    '/x?q=%E2%82%AC',
    '/uploads/a.pdf',
    '/x?a=%zz',
  ])('accepts %s', (url) => {
    expect(isWellFormedUrl(url)).toBe(true);
  });
});
