/**
 * Polls `probe` until it answers something truthy, and answers that; past `timeoutMs` it fails
 * naming `what` (the condition a spec waits for, never a fixed sleep).
 */
export async function waitUntil<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
