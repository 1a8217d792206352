import type { FeedResourceName } from '../../../contract/feeds';
import type { FeedTestResult, FeedTestStep } from '../../../contract/feed-presets';
import { LEADS_TO_PRIVATE, type Outbound } from '../../../shared/net/outbound';
import { FeedCredentialsError, FeedError, FeedProtocolError, FeedUnreachableError } from '../reso-client/feed-errors';
import { type ClientAuth, ResoClient } from '../reso-client/reso-client';

/** One try each, and not long: the person waits for the answer. */
const TEST_OPTIONS = { attempts: 1, timeoutMs: 15_000 } as const;

export type ConnectionToTest = {
  readonly url: string;
  readonly auth: ClientAuth;
  readonly resources: readonly FeedResourceName[];
  readonly filter?: string | null;
};

const why = (err: unknown): string => (err instanceof FeedError ? err.message : 'The request failed');

/**
 * Tries a feed's settings against its server before they are saved: the addresses (no private
 * ones in production), an OAuth2 token, then `$top=1` of Property and of each other resource
 * chosen. Stops at the first failure, naming it (token refused, service root unreachable, a
 * resource missing); nothing is stored and no secret appears in any message.
 */
export async function testConnection(outbound: Outbound, c: ConnectionToTest): Promise<FeedTestResult> {
  const steps: FeedTestStep[] = [];
  const fail = (step: FeedTestStep['step'], label: string, message: string): FeedTestResult => ({
    ok: false,
    steps: [...steps, { step, label, ok: false, message }],
  });

  const urls: [string, string][] = [
    [c.url, 'The service root URL'],
    ...(c.auth.kind === 'oauth2' ? [[c.auth.tokenUrl, 'The token URL'] as [string, string]] : []),
  ];
  for (const [url, what] of urls) if (await outbound.isPrivate(url)) return fail('address', 'Addresses', `${what} ${LEADS_TO_PRIVATE}`);

  const client = new ResoClient(c.url, c.auth, { ...TEST_OPTIONS, outbound });
  if (c.auth.kind === 'oauth2') {
    try {
      await client.checkToken();
      steps.push({ step: 'token', label: 'Token', ok: true, message: 'The token endpoint issued a token' });
    } catch (err) {
      const message = err instanceof FeedUnreachableError ? `The token URL could not be reached: ${why(err)}` : why(err);
      return fail('token', 'Token', message);
    }
  }

  for (const resource of ['Property' as const, ...c.resources.filter((r) => r !== 'Property')]) {
    // A vendor that requires a filter on every query (MLS Grid) refuses the query without it.
    const url = client.resourceUrl(resource, { $top: '1', $filter: resource === 'Property' ? (c.filter ?? undefined) : undefined });
    try {
      const page = await client.page(url);
      steps.push({
        step: resource === 'Property' ? 'service-root' : 'resource',
        label: resource,
        ok: true,
        message: `${resource} answered (${page.value.length} record${page.value.length === 1 ? '' : 's'} on a $top=1 page)`,
      });
    } catch (err) {
      if (err instanceof FeedUnreachableError) return fail('service-root', resource, `The service root could not be reached: ${why(err)}`);
      if (err instanceof FeedCredentialsError)
        return fail(
          resource === 'Property' ? 'service-root' : 'resource',
          resource,
          `The server refused the ${c.auth.kind === 'none' ? 'request' : 'credentials'} for ${resource}: ${why(err)}`,
        );
      if (err instanceof FeedProtocolError && err.status === 404) {
        return fail(
          resource === 'Property' ? 'service-root' : 'resource',
          resource,
          `The server has no ${resource} resource at this service root (HTTP 404)${resource === 'Property' ? ': check the service root URL' : `: untick ${resource}`}`,
        );
      }
      return fail(resource === 'Property' ? 'service-root' : 'resource', resource, why(err));
    }
  }
  return { ok: true, steps };
}
