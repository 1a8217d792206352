import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { contentSecurityPolicy } from './security-headers';

const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));

describe('the Content-Security-Policy', () => {
  it('allows only the app itself by default: no inline script, no framing, no plug-ins', () => {
    expect(directives(contentSecurityPolicy(loadConfig({})))).toEqual({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self'",
      'img-src': "'self' data: blob: https:",
      'connect-src': "'self'",
      'worker-src': "'self' blob:",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
  });

  it("adds Google's sign-in library, its styles and frames only when GOOGLE_CLIENT_ID is set", () => {
    const d = directives(contentSecurityPolicy(loadConfig({ GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com' })));
    expect(d['script-src']).toBe("'self' https://accounts.google.com/gsi/client");
    expect(d['style-src']).toBe("'self' https://accounts.google.com/gsi/style");
    expect(d['frame-src']).toBe("'self' https://accounts.google.com/gsi/");
    expect(d['connect-src']).toBe("'self' https://accounts.google.com/gsi/");
  });

  it("adds Facebook's SDK, the Graph API and its dialog pages only when FACEBOOK_APP_ID is set", () => {
    const d = directives(contentSecurityPolicy(loadConfig({ FACEBOOK_APP_ID: '1234567890' })));
    expect(d['script-src']).toBe("'self' https://connect.facebook.net");
    expect(d['connect-src']).toBe("'self' https://graph.facebook.com https://www.facebook.com");
    expect(d['frame-src']).toBe("'self' https://www.facebook.com");
  });

  it("lets the map fetch from the online style's origin and MAP_HOSTS when MAP_STYLE_URL is set", () => {
    expect(directives(contentSecurityPolicy(loadConfig({ MAP_HOSTS: 'https://tiles.example.com' })))['connect-src']).toBe("'self'");
    const d = directives(
      contentSecurityPolicy(
        loadConfig({ MAP_STYLE_URL: 'https://maps.example.com/styles/v1/style.json?key=k', MAP_HOSTS: 'https://tiles.example.com,https://maps.example.com' }),
      ),
    );
    expect(d['connect-src']).toBe("'self' https://maps.example.com https://tiles.example.com");
    expect(d['script-src']).toBe("'self'");
  });
});
