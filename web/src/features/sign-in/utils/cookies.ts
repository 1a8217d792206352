/** The public site's own cookies (prompt counters, accepted terms...): names and lifetimes come from prompt-rules. */
export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(/;\s*/)) {
    if (part.startsWith(prefix)) {
      try {
        return decodeURIComponent(part.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** days undefined: a session cookie (ends with the browser session). */
export function writeCookie(name: string, value: string, days: number | undefined): void {
  const expires = days === undefined ? '' : `; max-age=${Math.round(days * 86400)}`;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; samesite=lax${expires}${secure}`;
}
