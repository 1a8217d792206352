import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD, commonPasswordCount, isCommonPassword } from './common-passwords';
import { PASSWORD_MESSAGE, passwordProblem } from './passwords';

describe('common passwords', () => {
  it('ships a list of at least 10,000', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it.each(['password1', 'PASSWORD123', 'Iloveyou1', ' qwertyuiop ', 'baseball', 'sunshine', 'trustno1'])('refuses %s, whatever its case', (p) => {
    expect(isCommonPassword(p)).toBe(true);
    expect(passwordProblem(p)).toBe(COMMON_PASSWORD);
  });

  it('accepts the demo password and others nobody guesses first', () => {
    for (const p of ['porchlight-demo', 'new-password-1', 'correct horse battery staple', 'Tv7#qL9!mz']) expect(passwordProblem(p)).toBeNull();
  });

  it('says the length first', () => {
    expect(passwordProblem('123456')).toBe(PASSWORD_MESSAGE);
    expect(COMMON_PASSWORD).toBe('This password is too common; please choose another');
  });
});
