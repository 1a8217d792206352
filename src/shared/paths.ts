import fs from 'node:fs';
import path from 'node:path';

/** The repository root, whether running from src/ (tests) or dist/src/ (built). */
export const projectRoot = (() => {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
})();
