import { fold } from '../../commands/decider';
import type { EventStore } from '../../eventstore/event-store.port';
import { notFound } from '../../shared/errors';
import { evolveFeed, type Feed, initialFeed } from './feed';
import { type FeedEvent, feedStream, type FeedSettings } from './feeds.events';

export async function loadFeed(store: EventStore, name: string): Promise<Feed> {
  const events = await store.readStream(feedStream(name));
  return fold({ initialState: initialFeed, evolve: evolveFeed }, events as unknown as FeedEvent[]);
}

/** The settings of a feed that exists and is not removed; else 404 with its name. */
export async function activeFeedSettings(store: EventStore, name: string): Promise<FeedSettings> {
  const feed = await loadFeed(store, name);
  if (!feed.exists || feed.removed) throw notFound(`No feed named ${name}`);
  return feed.settings;
}
