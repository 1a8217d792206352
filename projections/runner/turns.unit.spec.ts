import { describe, expect, it } from 'vitest';
import { Turns } from './turns';

describe('turns', () => {
  it('runs at most its size of tasks at once, the others in the order they asked, and goes on past a failure', async () => {
    const turns = new Turns(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, () => {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      return { promise, resolve };
    });
    const tasks = gates.map((gate, i) =>
      turns.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await gate.promise;
        running--;
        if (i === 1) throw new Error('failed');
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await expect(tasks[1]).rejects.toThrow('failed');
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.resolve();
    expect(await Promise.all([tasks[0], tasks[2], tasks[3], tasks[4]])).toEqual([0, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('runs a task asking to come last once every other task has ended, those that asked after it included', async () => {
    const turns = new Turns(2);
    const order: string[] = [];
    let open = () => {};
    const gate = new Promise<void>((r) => (open = r));
    const first = turns.run(async () => {
      await gate;
      order.push('first');
    });
    const last = turns.runLast(async () => {
      order.push('last');
    });
    const queued = [1, 2].map((i) => turns.run(async () => void order.push(`queued ${i}`)));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['queued 1', 'queued 2']);
    open();
    await Promise.all([first, last, ...queued]);
    expect(order).toEqual(['queued 1', 'queued 2', 'first', 'last']);
  });
});
