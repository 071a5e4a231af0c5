import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestI18n } from '../../../../tests/setup/i18n';
import { regionRequiredMessage } from '../../../shared/schemas/tax';
import { ApiError } from '../../lib/api-client';
import { BillingDetailsForm } from './billing-details-form';

afterEach(() => startTestI18n('en'));

const initial = { name: 'Ada GmbH', address: '', country: 'US', region: '', postalCode: '10001', vatId: '' };

/** The form as a page that loaded before staff added rates per state: it asks for no region, the server does. */
function renderRefused() {
  const refusal = new ApiError(400, 'validation_failed', 'refused', { region: regionRequiredMessage('United States') });
  render(
    <BillingDetailsForm
      initial={initial}
      regions={{}}
      onSubmit={async () => {
        throw refusal;
      }}
      actions={() => <button type="submit">Save</button>}
    />,
  );
  return userEvent.setup();
}

describe('the server’s refusal of billing details without a region', () => {
  it('reads in the page’s language, naming the country in it', async () => {
    startTestI18n('de');
    const user = renderRefused();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Geben Sie Ihr Bundesland oder Ihre Region an: Die Steuern in Vereinigte Staaten hängen davon ab.')).toBeInTheDocument();
    expect(screen.queryByText(/Enter your state or region/)).toBeNull();
    expect(screen.getByText('Einige Angaben stimmen nicht. Bitte prüfen Sie das Formular und versuchen Sie es erneut.')).toBeInTheDocument();
  });

  it('keeps the server’s English words on an English page', async () => {
    const user = renderRefused();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter your state or region: taxes in United States depend on it.')).toBeInTheDocument();
  });
});
