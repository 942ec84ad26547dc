import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from './Combobox';

const OPTIONS = [
  { value: 'Buona', count: 40 },
  { value: 'Da revisionare', count: 2 },
  { value: 'Ottima', count: 1 },
];

/** The combobox as a form holds it, with a field after it. */
function Field({ initial = '', onBlur = () => {} }: { initial?: string; onBlur?: () => void }) {
  const [value, setValue] = useState(initial);
  return (
    <form>
      <Combobox
        id="condizione"
        name="condizione"
        label="Condizione"
        value={value}
        onChange={setValue}
        onBlur={onBlur}
        options={OPTIONS}
        listLabel="Condizioni esistenti"
        newOptionLabel={(text) => `Nuova condizione «${text}»`}
        newValueNote={(text) => `«${text}» sarà una nuova condizione.`}
        countLabel={(n) => `${n} componenti`}
        required
        error={value === 'x' ? 'Troppo corta' : undefined}
      />
      <input aria-label="Dopo" />
    </form>
  );
}

describe('Combobox', () => {
  it('follows the ARIA combobox pattern: expanded list, active option, labelled listbox', async () => {
    render(<Field />);
    const input = screen.getByRole('combobox', { name: 'Condizione' });
    expect(input).toHaveAttribute('aria-autocomplete', 'list');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toBeRequired();
    const listId = input.getAttribute('aria-controls') ?? '';
    expect(document.getElementById(listId)).toHaveAttribute('role', 'listbox');

    await userEvent.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Condizioni esistenti' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.getAttribute('aria-selected')),
    ).toEqual(['false', 'false', 'false']);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = within(list).getByRole('option', { name: 'Da revisionare 2 componenti' });
    expect(input).toHaveAttribute('aria-activedescendant', active.id);
    expect(active).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    // Wraps to the last one.
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByRole('option', { name: /Ottima/ }).id,
    );
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveValue('Ottima');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).not.toHaveAttribute('aria-activedescendant');
  });

  it('filters ignoring case and accents, offers the new value explicitly, and says it is new', async () => {
    render(<Field />);
    const input = screen.getByRole('combobox', { name: 'Condizione' });
    await userEvent.type(input, 'REVISION');
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Da revisionare22 componenti', '+ Nuova condizione «REVISION»']);
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(input).toHaveValue('REVISION');
    expect(input).toHaveAccessibleDescription('«REVISION» sarà una nuova condizione.');
  });

  it('takes the spelling in use when left, closes with Escape and empties with a second Escape', async () => {
    const onBlur = vi.fn();
    render(<Field onBlur={onBlur} />);
    const input = screen.getByRole('combobox', { name: 'Condizione' });
    await userEvent.type(input, 'ottìma');
    expect(screen.getByRole('listbox')).toBeVisible();
    await userEvent.tab();
    expect(input).toHaveValue('Ottima');
    expect(onBlur).toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Dopo' })).toHaveFocus();

    await userEvent.click(input);
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Ottima');
    await userEvent.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('chooses an option by click (or tap) and keeps the focus in the field', async () => {
    render(<Field />);
    const input = screen.getByRole('combobox', { name: 'Condizione' });
    await userEvent.click(input);
    await userEvent.click(screen.getByRole('option', { name: /Buona/ }));
    expect(input).toHaveValue('Buona');
    expect(input).toHaveFocus();
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
  });

  it('opens with Alt+↓ without choosing, and lets Enter through when nothing is chosen', async () => {
    const submitted = vi.fn((event: Event) => event.preventDefault());
    render(<Field initial="Buona" />);
    document.querySelector('form')?.addEventListener('submit', submitted);
    const input = screen.getByRole('combobox', { name: 'Condizione' });
    input.focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Buona');
  });

  it('shows its error, wired for assistive technology', () => {
    render(<Field initial="x" />);
    const input = screen.getByRole('combobox', { name: 'Condizione' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Troppo corta/);
  });
});
