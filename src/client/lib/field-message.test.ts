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
