import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PASSWORD } from './dashboard-fixture';

/** Signs in through the API from inside the page's own origin (the sign-in form is another issue's). */
export async function signInPage(page: Page, email: string): Promise<void> {
  const ok = await page.evaluate(
    async ([e, p]) => {
      const res = await fetch('/api/account/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Email: e, password: p }),
      });
      return ((await res.json()) as { isSuccess: boolean }).isSuccess;
    },
    [email, PASSWORD] as const,
  );
  expect(ok).toBe(true);
}
