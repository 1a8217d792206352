import type { ReactNode } from 'react';

type Props = {
  /** The heading's id, which names the section. */
  readonly id: string;
  readonly title: string;
  /** h2 on a page, h3 inside a panel that has its own h2. */
  readonly level?: 2 | 3;
  readonly className?: string;
  readonly headingClassName?: string;
  readonly children: ReactNode;
};

/** A part of a page named by its own heading (aria-labelledby), so that screen readers list it by that name. */
export function Section({ id, title, level = 2, className, headingClassName, children }: Props) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <section className={className} aria-labelledby={id}>
      <Heading id={id} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
