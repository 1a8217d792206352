import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element comes within rootMargin of the viewport (then stays true): lazy
 * galleries use '100%' (spec: lazy gallery offset 100%), i.e. one screen ahead.
 */
export function useInView(ref: RefObject<Element | null>, rootMargin = '100%'): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          io.disconnect();
        }
      },
      { rootMargin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, rootMargin, seen]);
  return seen;
}
