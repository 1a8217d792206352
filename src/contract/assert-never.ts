/** Exhaustiveness check for switches over discriminated unions (server and browser alike). */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
