import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes } from '../../contract/route';
import { ContractPipe } from './contract-pipe';

const { exportIt } = routes('spec', {
  exportIt: {
    method: 'GET',
    path: 'api/spec/export',
    summary: 'A route reading one optional query field by name',
    tag: 'Spec',
    access: 'anyone',
    query: z.strictObject({ format: z.enum(['csv', 'json']).optional(), limit: z.coerce.number().int().optional() }),
    responses: { 200: z.strictObject({ ok: z.literal(true) }) },
  },
});
const pipe = new ContractPipe(exportIt);
const field = (data: string, value: unknown) => pipe.transform(value, { type: 'query', data });
const messageOf = (run: () => unknown): string => {
  try {
    run();
  } catch (err) {
    return (err as Error).message;
  }
  return 'no error';
};

describe('ContractPipe', () => {
  it('leaves an absent optional field named on its own absent', () => {
    expect(field('format', undefined)).toBeUndefined();
  });
  it('checks a named field and names it in the message', () => {
    expect(field('format', 'csv')).toBe('csv');
    expect(field('limit', '5')).toBe(5);
    expect(messageOf(() => field('format', 'xml'))).toBe('format is not valid');
    expect(messageOf(() => field('limit', 'many'))).toBe('limit must be a number');
  });
  it('still reads a missing whole query as an empty one', () => {
    expect(pipe.transform(undefined, { type: 'query' })).toEqual({});
  });
});
