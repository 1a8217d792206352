import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../shared/paths';

export const COMMON_PASSWORD = 'This password is too common; please choose another';

/**
 * The 30,000 most common passwords, most frequent first, lower-cased (common-passwords.txt
 * beside this file: the password frequency list of zxcvbn 4.4.2, MIT licence, Dropbox, drawn from
 * leaked password sets). Read once, on first use, into a Set.
 */
let common: ReadonlySet<string> | undefined;
const commonPasswords = (): ReadonlySet<string> =>
  (common ??= new Set(
    fs
      .readFileSync(path.join(projectRoot, 'src', 'modules', 'accounts', 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter(Boolean),
  ));

/** True for a password on the list, whatever its case or surrounding spaces (ASVS 6.2: no common passwords). */
export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.trim().toLowerCase());

/** How many passwords the list holds (the README and tests say it). */
export const commonPasswordCount = (): number => commonPasswords().size;
