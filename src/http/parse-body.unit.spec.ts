import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseBody } from './parse-body';

const Body = z.strictObject({ n: z.number(), tags: z.array(z.string()).optional() });

describe('parseBody', () => {
  it('tells a missing field from one of the wrong type', () => {
    expect(() => parseBody(Body, {})).toThrow('n is required');
    expect(() => parseBody(Body, { n: 'two' })).toThrow('n must be a number');
    expect(() => parseBody(Body, { n: 2, tags: 'a' })).toThrow('tags must be a list');
  });
});
