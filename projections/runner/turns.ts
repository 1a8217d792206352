/** At most `size` tasks at a time, the others waiting in order. */
export class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** runLast's tasks, told when nothing runs or waits any more. */
  private readonly idle: (() => void)[] = [];
  constructor(private readonly size: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else if (--this.running === 0) for (const resume of this.idle.splice(0)) resume();
    }
  }
  /** Runs `task` once no other task runs or waits: work that may wait for all the rest. */
  async runLast<T>(task: () => Promise<T>): Promise<T> {
    while (this.running > 0 || this.waiting.length > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    return this.run(task);
  }
}
