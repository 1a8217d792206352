import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from './location';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; replace?: boolean };

/** An ordinary link that the client router follows without a page load (modifier clicks still open tabs). */
export function Link({ href, replace, onClick, ...rest }: Props) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    if (!href.startsWith('/')) return;
    e.preventDefault();
    navigate(href, { replace });
  };
  return <a href={href} onClick={handle} {...rest} />;
}
