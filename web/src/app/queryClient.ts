import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one cache of server reads (TanStack Query): a read is keyed by what it reads (a lead
 * by its id), so an answer lands under its own key and a late one never shows in place of the
 * current; a read nobody waits for any more is cancelled. Pushes keep what is shown fresh, so a
 * window coming back into focus does not read again, and a failed read is shown, not retried.
 */
export const makeQueryClient = (): QueryClient => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export const queryClient = makeQueryClient();
