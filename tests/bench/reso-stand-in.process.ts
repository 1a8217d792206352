import { generateListings, loadZipDirectory } from '../../src/demo/listings';
import { ResoServer, type ResoRecordJson } from '../support/reso-server';

/**
 * The RESO stand-in in a process of its own for the feeds benchmark, so that serving pages does
 * not share an event loop with the client being measured. Messages from the parent:
 *   {type:'generate', count, seed, today, media}  → that many generated Active listings, each
 *                                                    with `media` Media records ($expand=Media)
 *   {type:'put', records}                         → these Property records
 * Answers {type:'ready', url, token} once serving, {type:'done'} after each message.
 */
const server = new ResoServer({ bearerTokens: ['bench-token'] });

process.on('message', (m: { type: 'generate'; count: number; seed: number; today: string; media: number } | { type: 'put'; records: ResoRecordJson[] }) => {
  void (async () => {
    if (m.type === 'generate') {
      const zips = await loadZipDirectory();
      const media: ResoRecordJson[] = [];
      const listings: ResoRecordJson[] = [];
      for (const r of generateListings({ seed: m.seed, count: m.count, today: m.today, zips })) {
        listings.push({ ...r });
        for (let i = 0; i < m.media; i++) {
          media.push({
            MediaKey: `${r.ListingKey}-${i}`,
            ResourceRecordKey: r.ListingKey,
            ResourceName: 'Property',
            MediaCategory: 'Photo',
            Order: i + 1,
            MediaURL: `https://photos.example.test/${r.ListingKey}/${i + 1}.jpg`,
          });
        }
      }
      server.putAll('Property', listings);
      server.putAll('Media', media);
    } else server.putAll('Property', m.records);
    process.send!({ type: 'done' });
  })();
});

void server.start().then(() => process.send!({ type: 'ready', url: server.url, token: 'bench-token' }));
process.on('disconnect', () => void server.stop().finally(() => process.exit(0)));
