import { describe, expect, it } from 'vitest';
import type { Decider } from '../../src/commands/decider';
import { AppError } from '../../src/shared/errors';
import { deciderSpecification } from './decider-specification';

type Counted = { readonly type: 'Counted'; readonly data: { readonly by: number } };
/** A counter that refuses to pass 2: small enough to see every branch of the helper fail. */
const counter: Decider<number, { readonly add: number }, Counted> = {
  initialState: () => 0,
  evolve: (n, e) => n + e.data.by,
  decide: (c, n) => {
    if (n + c.add > 2) throw new AppError('conflict', 'At most 2');
    return c.add === 0 ? [] : [{ type: 'Counted', data: { by: c.add } }];
  },
};
const { given } = deciderSpecification(counter);
const counted = (by: number): Counted => ({ type: 'Counted', data: { by } });

describe('deciderSpecification', () => {
  it('passes when the decide answers as told, and folds the given events first', () => {
    given(counted(1))
      .when({ add: 1 })
      .then([counted(1)]);
    given(counted(1)).when({ add: 0 }).thenNothing();
    given(counted(2)).when({ add: 1 }).thenRefused({ code: 'conflict', message: 'At most 2' });
    given(counted(1))
      .when({ add: 1 })
      .thenState((n) => expect(n).toBe(2));
  });

  it('fails when it does not', () => {
    expect(() =>
      given()
        .when({ add: 1 })
        .then([counted(2)]),
    ).toThrow();
    expect(() => given().when({ add: 1 }).thenNothing()).toThrow();
    expect(() => given().when({ add: 1 }).thenRefused({ code: 'conflict' })).toThrow('expected a refusal');
    expect(() => given(counted(2)).when({ add: 1 }).then([])).toThrow('At most 2');
  });
});
