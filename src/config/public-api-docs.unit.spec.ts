import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('PUBLIC_API_DOCS', () => {
  it('production keeps the API documentation for staff unless PUBLIC_API_DOCS=1; other modes show it to everyone', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).publicApiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_API_DOCS: '1' }).publicApiDocs).toBe(true);
    expect(loadConfig({}).publicApiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', PUBLIC_API_DOCS: '0' }).publicApiDocs).toBe(true);
  });
});
