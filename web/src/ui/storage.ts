/** Web storage that may be missing (private modes, blocked cookies): every call degrades to a no-op. */
export function storageAvailable(kind: 'localStorage' | 'sessionStorage' = 'localStorage'): boolean {
  try {
    const s = window[kind];
    const probe = '__porchlight_probe__';
    s.setItem(probe, probe);
    s.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

export function readJson<T>(kind: 'localStorage' | 'sessionStorage', key: string): T | null {
  try {
    const raw = window[kind].getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(kind: 'localStorage' | 'sessionStorage', key: string, value: unknown): void {
  try {
    if (value === null) window[kind].removeItem(key);
    else window[kind].setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage: the feature that needed it simply does not persist.
  }
}
