import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AutocompleteGroup } from '../../../../../src/contract/search';
import { KeywordBox } from './KeywordBox';
import type { Tag } from '../../search/utils/tags';

const GROUPS: AutocompleteGroup[] = [
  {
    name: 'Cities',
    groupcount: 2,
    items: [
      { friendlyInputName: 'City', inputName: 'acl_city', value: 'Seattle' },
      { friendlyInputName: 'City', inputName: 'acl_city', value: 'Sequim' },
    ],
  },
  { name: 'Zip codes', groupcount: 1, items: [{ friendlyInputName: 'Zip', inputName: 'acl_zip5', value: '98101' }] },
];

function setup(opts: { tags?: Tag[]; filtersOpen?: boolean } = {}) {
  const terms: string[] = [];
  const suggest = (term: string) => {
    terms.push(term);
    return Promise.resolve(GROUPS);
  };
  const onTagsChange = vi.fn();
  const onCleared = vi.fn();
  const onSubmit = vi.fn();
  render(
    <KeywordBox
      tags={opts.tags ?? []}
      onTagsChange={onTagsChange}
      onSubmit={onSubmit}
      onCleared={onCleared}
      filtersOpen={opts.filtersOpen ?? false}
      loading={false}
      suggest={suggest}
    />,
  );
  const input = screen.getByRole('combobox');
  return { input, terms, onTagsChange, onCleared, onSubmit };
}

const flush = () => act(async () => {});
const wait = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
const selected = () => screen.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true')?.firstChild?.textContent;

describe('keyword box autocomplete', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('asks 800 ms after the last keystroke, needs 2 characters, and opens with the first item preselected', async () => {
    const { input, terms } = setup();
    fireEvent.change(input, { target: { value: 'S' } });
    await wait(1000);
    expect(terms).toEqual([]);
    fireEvent.change(input, { target: { value: 'Se' } });
    await wait(799);
    expect(terms).toEqual([]);
    fireEvent.change(input, { target: { value: 'Sea' } });
    await wait(799);
    expect(terms).toEqual([]);
    await wait(1);
    expect(terms).toEqual(['Sea']);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(
      screen.getAllByRole('group').map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent),
    ).toEqual(['Cities', 'Zip codes']);
    expect(selected()).toBe('Seattle');
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]!.id);
  });

  it('asks at once on focus when the box already holds 2 characters', async () => {
    const { input, terms } = setup();
    fireEvent.change(input, { target: { value: 'Se' } });
    fireEvent.blur(input);
    await wait(0);
    terms.length = 0;
    fireEvent.focus(input);
    await flush();
    expect(terms).toEqual(['Se']);
  });

  it('Down and Up move the one selection (wrapping), Escape closes, Enter picks the preselected item', async () => {
    const { input, onTagsChange } = setup();
    fireEvent.change(input, { target: { value: 'Se' } });
    await wait(800);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toBe('Sequim');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toBe('98101');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(selected()).toBe('Seattle');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(selected()).toBe('98101');
    expect(screen.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true')).toHaveLength(1);

    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);

    fireEvent.keyDown(input, { key: 'ArrowDown' }); // reopens
    await flush();
    expect(selected()).toBe('Seattle');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onTagsChange).toHaveBeenCalledWith([{ field: 'acl_city', value: 'Sequim', label: 'Sequim' }]);
    expect((input as HTMLInputElement).value).toBe('');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('does not add a place that is already a tag', async () => {
    const tags: Tag[] = [{ field: 'acl_city', value: 'Seattle', label: 'Seattle' }];
    const { input, onTagsChange } = setup({ tags });
    fireEvent.change(input, { target: { value: 'seattle' } });
    await wait(800);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onTagsChange).toHaveBeenCalledWith(tags);
  });

  it('removes a tag with its button', () => {
    const tags: Tag[] = [
      { field: 'acl_city', value: 'Seattle', label: 'Seattle' },
      { field: 'acl_zip5', value: '98101', label: '98101' },
    ];
    const { onTagsChange } = setup({ tags });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Seattle' }));
    expect(onTagsChange).toHaveBeenCalledWith([tags[1]]);
  });

  it("an empty submit without tags says 'Please enter a search location'", async () => {
    const { input, onSubmit } = setup();
    fireEvent.submit(input.closest('form')!);
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('Please enter a search location');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a submit with text takes the first suggestion', async () => {
    const { input, onTagsChange } = setup();
    fireEvent.change(input, { target: { value: 'Se' } });
    fireEvent.submit(input.closest('form')!);
    await flush();
    expect(onTagsChange).toHaveBeenCalledWith([{ field: 'acl_city', value: 'Seattle', label: 'Seattle' }]);
  });

  it('emptying the keyword clears the tags and refreshes only while the filters are closed', () => {
    const closed = setup();
    fireEvent.change(closed.input, { target: { value: 'Se' } });
    fireEvent.change(closed.input, { target: { value: '' } });
    expect(closed.onCleared).toHaveBeenCalledTimes(1);
    cleanup();
    const open = setup({ filtersOpen: true });
    fireEvent.change(open.input, { target: { value: 'Se' } });
    fireEvent.change(open.input, { target: { value: '' } });
    expect(open.onCleared).not.toHaveBeenCalled();
  });
});
