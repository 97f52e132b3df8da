import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { noTranslationOverrides } from '../../testing/licence';
import { server } from '../../testing/server';
import { SearchCombobox } from './SearchCombobox';

// The combobox keys shared with the measurement picker: arrows move the active option, Enter
// chooses it, Escape closes the list and drops the typed text.

const OPTIONS = ['alpha', 'beta', 'gamma'];

function renderBox() {
  server.use(noTranslationOverrides());
  const onChoose = jest.fn();
  const onKeywordChange = jest.fn();
  renderWithProviders(<SearchCombobox label="Find" placeholder="Search" options={OPTIONS} fetching={false} optionKey={(option) => option} renderOption={(option) => option} onKeywordChange={onKeywordChange} onChoose={onChoose} openOnFocus />);
  return { onChoose, onKeywordChange };
}

describe('search combobox', () => {
  it('moves the active option with the arrows and chooses it with Enter', async () => {
    const { onChoose } = renderBox();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Find' });
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(screen.getByRole('option', { name: 'beta' })).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'beta' }).id);
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenCalledWith('beta');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('chooses an option by mouse, and Escape drops the typed text and closes the list', async () => {
    const { onChoose, onKeywordChange } = renderBox();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Find' });
    await user.type(box, ' gam ');
    expect(await screen.findByRole('listbox', { name: 'Find' })).toBeInTheDocument();
    await screen.findByText('gamma');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onKeywordChange).toHaveBeenLastCalledWith('gam');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('option', { name: 'gamma' }));
    expect(onChoose).toHaveBeenCalledWith('gamma');
  });
});
