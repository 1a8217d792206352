/** A one-line progress bar on stderr (a plain line per update when stderr is not a terminal). */
export function progressBar(label: string): { update(done: number, total: number, extra?: string): void; finish(message: string): void } {
  const tty = process.stderr.isTTY;
  let lastPlain = 0;
  return {
    update(done, total, extra = '') {
      const ratio = total > 0 ? Math.min(1, done / total) : 0;
      if (tty) {
        const width = 30;
        const filled = Math.round(ratio * width);
        process.stderr.write(
          `\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${done}/${total} ${extra}\x1b[K`,
        );
      } else if (Date.now() - lastPlain > 2000 || done === total) {
        lastPlain = Date.now();
        process.stderr.write(`${label} ${(ratio * 100).toFixed(0)}% ${done}/${total} ${extra}\n`);
      }
    },
    finish(message) {
      process.stderr.write(`${tty ? '\r\x1b[K' : ''}${message}\n`);
    },
  };
}
