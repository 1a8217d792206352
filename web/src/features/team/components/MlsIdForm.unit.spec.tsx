import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MlsIdForm } from './MlsIdForm';

describe('the MLS id form', () => {
  afterEach(cleanup);

  it("an agent's: saves the trimmed id (empty clears it), refuses what cannot be an id, and says it waits for the broker", async () => {
    const save = vi.fn(async (mlsId: string | null) => ({ mlsId: 'OLD-1', pendingMlsId: mlsId }));
    render(<MlsIdForm label="Your MLS agent id" current={{ mlsId: 'OLD-1', pendingMlsId: null }} confirms={false} onSave={save} />);
    const input = screen.getByLabelText('Your MLS agent id') as HTMLInputElement;
    expect(input.value).toBe('OLD-1');
    fireEvent.change(input, { target: { value: ' bad id! ' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByRole('status').textContent).toBe('An MLS id is 1 to 64 letters, digits, dots, dashes or underscores');
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: ' MRED-4411 ' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(save).toHaveBeenLastCalledWith('MRED-4411');
    expect(screen.getByRole('status').textContent).toBe('Waiting for your broker to confirm MRED-4411 (in force: OLD-1).');
    fireEvent.change(input, { target: { value: '' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(save).toHaveBeenLastCalledWith(null);
  });

  it("the broker's, for an agent who asked for an id: shows the request and confirms it; a refusal shows its message", async () => {
    const save = vi.fn(async (mlsId: string | null) => ({ mlsId, pendingMlsId: null }));
    render(<MlsIdForm label="MLS agent id of Jane Agent" current={{ mlsId: null, pendingMlsId: 'JA-9' }} confirms onSave={save} />);
    expect((screen.getByLabelText('MLS agent id of Jane Agent') as HTMLInputElement).value).toBe('JA-9');
    expect(screen.getByRole('status').textContent).toBe("Asks for JA-9: confirm it to route its listings' leads (in force: none yet).");
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    expect(save).toHaveBeenLastCalledWith('JA-9');
    expect(screen.getByRole('status').textContent).toMatch(/^Saved/);
    save.mockRejectedValueOnce(new Error('Another agent of your office already has this MLS id'));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByRole('status').textContent).toBe('Another agent of your office already has this MLS id');
  });
});
