/**
 * Runs a command-line tool: `main`'s answer is the exit code; an error it did not expect is one
 * line on stderr (its message, no stack) and exit code 1.
 */
export function runCli(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: Error) => {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    },
  );
}
