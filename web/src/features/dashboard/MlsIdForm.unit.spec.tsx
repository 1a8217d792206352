import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MlsIdForm } from './MlsIdForm';

describe("an agent's MLS id form", () => {
  afterEach(cleanup);

  it('saves the trimmed id (empty clears it) and refuses what cannot be an id', async () => {
    const save = vi.fn(async () => undefined);
    render(<MlsIdForm initial="OLD-1" onSave={save} />);
    const input = screen.getByLabelText('Your MLS agent id') as HTMLInputElement;
    expect(input.value).toBe('OLD-1');
    fireEvent.change(input, { target: { value: ' bad id! ' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByRole('status').textContent).toBe('An MLS id is 1 to 64 letters, digits, dots, dashes or underscores');
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: ' MRED-4411 ' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(save).toHaveBeenLastCalledWith('MRED-4411');
    expect(screen.getByRole('status').textContent).toMatch(/^Saved/);
    fireEvent.change(input, { target: { value: '' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(save).toHaveBeenLastCalledWith(null);
  });
});
