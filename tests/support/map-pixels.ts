import type { Locator, Page } from 'playwright-core';

/** How many pixels of `map` (a screenshot of it) are a cluster circle's green: the deck.gl layer drawn, not just its data. */
export async function clusterPixels(page: Page, map: Locator): Promise<number> {
  const png = (await map.screenshot()).toString('base64');
  return page.evaluate(async (b64) => {
    type Pixels = {
      drawImage: (b: unknown, x: number, y: number) => void;
      getImageData: (x: number, y: number, w: number, h: number) => { data: Uint8ClampedArray };
    };
    const w = globalThis as unknown as {
      createImageBitmap: (b: Blob) => Promise<{ width: number; height: number }>;
      OffscreenCanvas: new (w: number, h: number) => { getContext: (k: '2d') => Pixels };
    };
    const bytes = Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
    const bmp = await w.createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const c = new w.OffscreenCanvas(bmp.width, bmp.height).getContext('2d');
    c.drawImage(bmp, 0, 0);
    const d = c.getImageData(0, 0, bmp.width, bmp.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i + 1]! - d[i]! > 50 && d[i + 1]! > d[i + 2]! + 5) n++;
    return n;
  }, png);
}
