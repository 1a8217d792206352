import { useEffect } from 'react';

/** Names the browser tab after the page, again whenever the title changes. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
