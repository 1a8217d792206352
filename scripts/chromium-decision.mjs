// What `npm test` does about the browser tier's Chromium, decided from facts handed in (so that
// a unit test can play every machine): use it, install Debian's package (root with apt, as
// .ci/run does), or stop with one line that says how to get it. Plain JS: it runs before any build.

/** Where tests/support/browser.ts looks, unless CHROMIUM_PATH says otherwise. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

export const INSTALL_COMMANDS = [
  ['apt-get', 'update'],
  ['apt-get', 'install', '-y', 'chromium'],
];

/**
 * @param {{ chromiumPath: string | undefined, exists: (path: string) => boolean, isRoot: boolean, hasApt: boolean }} facts
 * @returns {{ action: 'ready', path: string } | { action: 'install', path: string, commands: string[][] } | { action: 'stop', message: string }}
 */
export function decideChromium({ chromiumPath, exists, isRoot, hasApt }) {
  if (chromiumPath) {
    if (exists(chromiumPath)) return { action: 'ready', path: chromiumPath };
    // The operator chose a browser: installing another one would not be the one they meant.
    return {
      action: 'stop',
      message: `The browser tests need Chromium, but CHROMIUM_PATH=${chromiumPath} does not exist: point CHROMIUM_PATH at a Chromium or Chrome binary (or unset it to use ${DEFAULT_CHROMIUM}).`,
    };
  }
  if (exists(DEFAULT_CHROMIUM)) return { action: 'ready', path: DEFAULT_CHROMIUM };
  if (isRoot && hasApt) return { action: 'install', path: DEFAULT_CHROMIUM, commands: INSTALL_COMMANDS };
  return { action: 'stop', message: stopLine(hasApt) };
}

/** After an install attempt: ready, or the line that says what to do by hand. */
export function afterInstall({ exists, installed }) {
  if (installed && exists(DEFAULT_CHROMIUM)) return { action: 'ready', path: DEFAULT_CHROMIUM };
  return {
    action: 'stop',
    message: `Installing Debian's chromium with apt-get did not give ${DEFAULT_CHROMIUM} (see above): install it by hand (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary, then run npm test again.`,
  };
}

function stopLine(hasApt) {
  const how = hasApt ? 'sudo apt-get install -y chromium' : "your system's chromium package";
  return `The browser tests need Chromium at ${DEFAULT_CHROMIUM}: install it (${how}) or set CHROMIUM_PATH to a Chromium or Chrome binary, then run npm test again.`;
}
