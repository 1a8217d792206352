import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDocumentTitle } from './useDocumentTitle';

function Page({ title }: { title: string }) {
  useDocumentTitle(title);
  return <h1>{title}</h1>;
}

describe("a page's tab title", () => {
  afterEach(cleanup);

  it('is the page’s title, and follows it when it changes (a translation arriving)', () => {
    const { rerender } = render(<Page title="Your account" />);
    expect(document.title).toBe('Your account');
    rerender(<Page title="Su cuenta" />);
    expect(document.title).toBe('Su cuenta');
  });
});
