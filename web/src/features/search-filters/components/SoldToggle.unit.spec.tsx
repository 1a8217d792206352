import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Criteria } from '../../../../../src/contract/search';
import { ToastProvider } from '../../../ui/ToastProvider';
import { SoldToggle } from './SoldToggle';

function setup(criteria: Criteria) {
  const onChange = vi.fn();
  render(
    <ToastProvider>
      <SoldToggle criteria={criteria} onChange={onChange} />
    </ToastProvider>,
  );
  return { box: screen.getByRole('switch', { name: 'Sold homes' }) as HTMLInputElement, onChange };
}

describe('sold toggle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('without a city or zip: error toast titled Search Error!, unticked after 650 ms, search unchanged', async () => {
    const { box, onChange } = setup({ acl_county: 'King' });
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toContain('Search Error!');
    expect(toast.textContent).toContain('Please enter a city or zip code to search for sold properties.');
    await act(async () => void vi.advanceTimersByTime(649));
    expect(box.checked).toBe(true);
    await act(async () => void vi.advanceTimersByTime(1));
    expect(box.checked).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('with a zip: switches the search to sold properties', () => {
    const { box, onChange } = setup({ acl_zip5: '98101', page: '2' });
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith({ acl_zip5: '98101', soldproperty: '1' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('unticking always works', () => {
    const { box, onChange } = setup({ acl_city: 'Seattle', soldproperty: '1' });
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith({ acl_city: 'Seattle' });
  });
});
