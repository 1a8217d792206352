import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import f from '../../ui/forms.module.css';
import { NoteForm } from './NoteForm';
import { SavedSearchRow } from './SavedSearchRow';

const search = {
  searchId: 's1',
  name: 'Kent homes',
  frequency: 'daily' as const,
  searchQs: 'acl_city=Kent',
  searchTitle: 'Homes in Kent',
  path: '/search?acl_city=Kent',
  createdAt: '2026-11-20T00:00:00Z',
};
const noop = async () => undefined;

describe('the organizer controls are styled as every other form field', () => {
  afterEach(cleanup);

  it("a saved search's name and alert frequency", () => {
    render(
      <ul>
        <SavedSearchRow search={search} onRename={noop} onFrequency={noop} onDelete={noop} />
      </ul>,
    );
    expect(screen.getByLabelText('Name of Kent homes').classList).toContain(f.input);
    expect(screen.getByLabelText('E-mail alerts for Kent homes').classList).toContain(f.input);
  });

  it('the note box of a listing', () => {
    render(<NoteForm note="" saved="" onChange={() => undefined} onSave={() => undefined} />);
    expect(screen.getByLabelText('Your note on this home').classList).toContain(f.input);
  });
});
