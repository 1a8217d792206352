import { assertNever } from '../../shared/errors';
import type { FeedEvent, FeedSettings } from './feeds.events';

/** A feed as its stream `feed-{name}` says: its settings, or removed, or never configured. */
export type Feed = { readonly exists: false } | { readonly exists: true; readonly name: string; readonly removed: boolean; readonly settings: FeedSettings };

export const initialFeed = (): Feed => ({ exists: false });

export function evolveFeed(state: Feed, e: FeedEvent): Feed {
  switch (e.type) {
    case 'FeedConfigured':
      return { exists: true, name: e.data.name, removed: false, settings: e.data.settings };
    case 'FeedRemoved':
      return state.exists ? { ...state, removed: true } : state;
    default:
      return assertNever(e);
  }
}
