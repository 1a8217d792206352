import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isConnectionError } from './connection-errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it('says yes when the database or the way to it is away', () => {
    for (const err of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is in recovery mode'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('55000', 'database "porchlight" is not currently accepting connections'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new DatabaseUnavailableError(),
    ]) {
      expect(isConnectionError(err), err.message).toBe(true);
    }
  });

  it('says no for what a statement or the caller did wrong', () => {
    for (const err of [
      withCode('23505', 'duplicate key'),
      withCode('57014', 'canceling statement due to statement timeout'),
      withCode('42P01'),
      withCode('55000', 'object not in prerequisite state'),
      new Error('bad position'),
      undefined,
      'text',
    ]) {
      expect(isConnectionError(err)).toBe(false);
    }
  });
});
