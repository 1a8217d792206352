import type { Migration } from './migration';

/**
 * An automated text that means nothing after a moment (a showing's reminder once the showing has
 * begun) carries that moment: held for quiet hours or the daily number past it, it is dropped,
 * not sent late.
 */
export const automatedTextVoidAfter: Migration = {
  id: 56,
  name: 'automated-text-void-after',
  up: `ALTER TABLE automated_texts ADD COLUMN void_after timestamptz;`,
};
