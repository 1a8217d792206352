import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addressWithLead, MergedFrom, MergeLink } from './MergedFrom';

describe('merged leads on the dashboard (issue 18)', () => {
  afterEach(cleanup);

  it('marks what a merged lead brought, and nothing else', () => {
    render(
      <ul>
        <li>
          Chat <MergedFrom name="Nora Dupe" />
        </li>
        <li>
          Own line <MergedFrom name={null} />
        </li>
      </ul>,
    );
    const [brought, own] = screen.getAllByRole('listitem');
    expect(brought!.textContent).toBe('Chat merged from Nora Dupe');
    expect(own!.textContent).toBe('Own line ');
  });

  it('offers staff, and only staff, the way to the lead’s account', () => {
    const { rerender } = render(<MergeLink role="staff" userId="u-1" />);
    expect(screen.getByRole('link', { name: 'Merge it from the lead’s account' }).getAttribute('href')).toBe('/dashboard/backoffice?user=u-1');
    for (const role of ['agent', 'broker'] as const) {
      rerender(<MergeLink role={role} userId="u-1" />);
      expect(screen.queryByRole('link')).toBeNull();
    }
  });

  it('moves the address to the survivor, keeping the rest of it', () => {
    window.history.replaceState(null, '', '/dashboard?lead=old&stage=New&chat=1');
    expect(addressWithLead('new')).toBe('/dashboard?lead=new&stage=New&chat=1');
  });
});
