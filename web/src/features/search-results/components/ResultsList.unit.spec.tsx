import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultsList } from './ResultsList';

const list = (error: string | null, reason?: string | null) =>
  render(
    <ResultsList
      cards={[]}
      total={0}
      page={1}
      perpage={24}
      loading={false}
      error={error}
      reason={reason}
      onRetry={() => undefined}
      onPage={() => undefined}
      onClearFilters={() => undefined}
      layout="grid"
    />,
  );

describe('results list error state', () => {
  afterEach(cleanup);

  it("says why the server refused a search under the spec's message", () => {
    list('Too many searches from your address. Please try again in a minute.', 'Too many searches from your address. Please try again in a minute.');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Error loading search results, please try again');
    expect(alert.textContent).toContain('Too many searches from your address. Please try again in a minute.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows only the message when the server gave no reason (a network failure)', () => {
    list('Failed to fetch', null);
    expect(screen.getByRole('alert').textContent).toBe('Error loading search results, please try againTry again');
  });
});
