import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import FaqPage from './faq-page';

function renderPage() {
  return render(
    <MemoryRouter>
      <FaqPage />
    </MemoryRouter>,
  );
}

describe('FaqPage', () => {
  it('lists the three categories', () => {
    renderPage();
    for (const name of ['General', 'Technical', 'Billing']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
  });

  it('filters questions and answers as you type, ignoring case', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByRole('searchbox', { name: 'Search the FAQ' }), 'MONEY-BACK');
    expect(screen.getByRole('heading', { name: 'What is your refund policy?' })).toBeInTheDocument();
    expect(screen.getByText(/48-hour money-back guarantee/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Technical' })).not.toBeInTheDocument();
  });

  it('says so when nothing matches, and the clear button brings everything back', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByRole('searchbox', { name: 'Search the FAQ' }), 'qwertyuiop');
    expect(screen.getByText('No results found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.queryByText('No results found')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Billing' })).toBeInTheDocument();
  });
});
