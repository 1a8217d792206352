import type { Locator, Page } from 'playwright-core';

/**
 * What sticks out of a phone-wide page: the page scrolling sideways, and every visible control not
 * wholly inside the window and inside every box that clips it (a control half hidden in a panel is
 * cut off too). The board's lanes alone scroll sideways by design, a lane to a screen.
 */
export async function outside(page: Page): Promise<string[]> {
  // A string: the test files are compiled without the DOM's types (as in support/axe.ts).
  return page.evaluate(`(() => {
    const found = [];
    if (document.documentElement.scrollWidth > window.innerWidth) found.push(\`page \${document.documentElement.scrollWidth} px wide\`);
    for (const el of document.querySelectorAll('a[href], button, input, select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])')) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden' || el.closest('[aria-labelledby="board-title"]')) continue;
      let left = 0;
      let right = window.innerWidth;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const r = a.getBoundingClientRect();
        left = Math.max(left, r.left + a.clientLeft);
        right = Math.min(right, r.left + a.clientLeft + a.clientWidth);
      }
      if (box.left < left - 0.5 || box.right > right + 0.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? el.tagName).trim().slice(0, 40);
        found.push(\`\${el.tagName.toLowerCase()} "\${name}" at \${Math.round(box.left)}..\${Math.round(box.right)} in \${Math.round(left)}..\${Math.round(right)}\`);
      }
    }
    return found;
  })()`) as Promise<string[]>;
}

/**
 * Whether a dialog's primary action can be reached: scrolled to (as a keyboard's Tab or a finger
 * would), it lies wholly inside the window. Undefined when it can; else where it stays.
 */
export async function primaryOutOfReach(dialog: Locator, primary: Locator): Promise<string | undefined> {
  await dialog.waitFor();
  await primary.scrollIntoViewIfNeeded();
  const box = await primary.boundingBox();
  const size = dialog.page().viewportSize()!;
  if (!box) return 'not shown';
  const inside = box.x >= -0.5 && box.y >= -0.5 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5;
  return inside ? undefined : `at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)} in ${size.width}×${size.height}`;
}
