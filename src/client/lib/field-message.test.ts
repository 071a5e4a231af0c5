import { afterEach, describe, expect, it } from 'vitest';
import { startTestI18n } from '../../../tests/setup/i18n';
import en from '../../shared/i18n/messages/en/dashboard.json';
import { ApiError } from './api-client';
import { fieldMessage, refusalCatalogues, refusalMessage } from './field-message';

afterEach(() => startTestI18n('en'));

describe('known English messages in the page language', () => {
  it('has an English text for every refusal code, word for word', () => {
    for (const [name, catalogue] of Object.entries(refusalCatalogues)) {
      for (const [code, text] of Object.entries(catalogue)) expect(en[`refusal.${name}.${code}` as keyof typeof en], `${name}.${code}`).toBe(text);
    }
  });

  it('turns a schema check and a server refusal into German, and leaves unknown words alone', () => {
    startTestI18n('de');
    expect(fieldMessage('Subject is required')).toBe('Bitte geben Sie einen Betreff ein');
    const refusal = new ApiError(409, 'no_capacity', 'That location is full right now. Choose another one, or try again later.');
    expect(refusalMessage(refusal)).toBe('Dieser Standort ist gerade voll. Wählen Sie einen anderen oder versuchen Sie es später erneut.');
    expect(fieldMessage('Something only the server knows')).toBe('Something only the server knows');
  });
});

describe('the account and sign-in schemas’ words, and file refusals, in the page language', () => {
  it('says a refused password, name or email field in German, with the schema’s own figure', async () => {
    const { emailSchema, newPasswordSchema } = await import('../../shared/schemas/auth');
    const { fieldErrors } = await import('./errors');
    startTestI18n('de');
    const short = newPasswordSchema.safeParse('kurz').error?.issues[0]?.message ?? '';
    const error = new ApiError(400, 'invalid_password', 'Your current password is incorrect', {
      currentPassword: 'Your current password is incorrect',
      newPassword: short,
      lastName: 'Name is too long',
    });
    expect(fieldErrors(error)).toEqual({
      currentPassword: 'Ihr aktuelles Passwort ist nicht korrekt.',
      newPassword: 'Das Passwort muss mindestens 8 Zeichen lang sein',
      lastName: 'Der Name ist zu lang',
    });
    // The share dialog checks the address with the same schema.
    expect(fieldMessage(emailSchema.safeParse('').error?.issues[0]?.message ?? '')).toBe('Bitte geben Sie eine E-Mail-Adresse ein');
    expect(fieldMessage(emailSchema.safeParse('kaputt@').error?.issues[0]?.message ?? '')).toBe('Geben Sie eine gültige E-Mail-Adresse ein');
  });

  it('keeps the server’s words in English, and names a file that is already there in French', () => {
    expect(fieldMessage('Your current password is incorrect')).toBe('Your current password is incorrect');
    startTestI18n('fr');
    expect(refusalMessage(new ApiError(409, 'file_exists', 'Something named plugins is already there.'))).toBe('Un élément porte déjà ce nom à cet endroit.');
  });
});
