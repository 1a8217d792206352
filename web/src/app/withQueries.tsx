import type { ComponentType } from 'react';

/**
 * A lazily loaded page inside the app's query cache (QueryScope), for React's `lazy`. The public
 * search and listing pages read without TanStack Query: its code (about 7 kB compressed) comes
 * with the pages that use it, not with the first load. A page whose components call useQuery,
 * useMutation or useQueryClient is loaded through this.
 */
export async function withQueries<P extends object>(page: Promise<ComponentType<P>>): Promise<{ default: ComponentType<P> }> {
  const [Page, { QueryScope }] = await Promise.all([page, import('./QueryScope')]);
  return {
    default: (props: P) => (
      <QueryScope>
        <Page {...props} />
      </QueryScope>
    ),
  };
}
