import { ConcurrencyError } from '../shared/errors';

/**
 * The one way a lost race is retried: `attempt` reads, decides and appends with the revisions it
 * read; when another writer got there first (a ConcurrencyError) it runs again, after a short
 * random pause that grows with each try (`pauseMs` a try), so the decision is always made on the state the append
 * is checked against. Anything else, or the last of `attempts` lost races, is thrown. Ten tries:
 * six writers at once on one stream (agents e-mailing one lead, a burst of portal e-mails) on a
 * loaded machine lost five in a row; the pauses add up to half a second at most.
 *
 * decideAndAppend uses it, and through it handleCommand, handleCommandAcross and the writers
 * whose reads are their own (the lead router reads only the last turn of a site's rotation,
 * activity only its stream's last event, the importer a whole batch of listings). The
 * architecture test keeps it inside src/commands/.
 */
export async function retryOnConflict<T>(attempt: (n: number) => Promise<T>, pauseMs = 10, attempts = 10): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (!(err instanceof ConcurrencyError) || n >= attempts) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * pauseMs * n));
    }
  }
}
