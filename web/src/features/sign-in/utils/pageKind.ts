import type { PageKind } from '../../../../../src/contract/prompt-rules';

/** What kind of page a path is, for the sign-up prompt's PromptPages (spec section 4). */
export function pageKindOf(pathname: string): PageKind {
  if (pathname === '/' || pathname === '/search' || pathname.startsWith('/search/')) return 'search';
  if (pathname.startsWith('/listing/')) return 'details';
  if (pathname === '/account' || pathname.startsWith('/account/')) return 'account';
  return 'other';
}
