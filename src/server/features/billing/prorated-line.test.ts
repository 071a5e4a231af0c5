import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { sourceCatalogs } from '../../../shared/i18n/catalogs';
import { compileMessages } from '../../../shared/i18n/compile';
import type { Locale } from '../../../shared/i18n/locales';
import { textOf } from '../../../shared/line-text';
import { proratedLine } from './paid-change';

function reader(locale: Locale) {
  const messages = compileMessages(sourceCatalogs[locale].public);
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (key: string, values?: Record<string, string | number>) => (key in messages ? i18n._(key, values) : undefined);
}

const end = new Date('2030-02-15T00:00:00Z');
const plan = { key: 'line.planChange', from: 'Minecraft 4GB', to: 'Minecraft 8GB', english: 'Minecraft 4GB to Minecraft 8GB' } as const;
const move = { key: 'line.regionMove', from: 'US West', to: 'EU Central', english: 'move from US West to EU Central' } as const;

describe('the prorated line of a plan change or a region move, in the reader’s language', () => {
  it('keeps its English description and words itself in German and French', () => {
    const line = proratedLine('Survival', plan, 3 * 86_400 + 2 * 3_600, end, 450);
    expect(line.description).toBe('Survival: Minecraft 4GB to Minecraft 8GB, prorated for the 3 days 2 hours left until Feb 15, 2030');
    expect(textOf(line, reader('en'), 'en')).toBe(line.description);
    expect(textOf(line, reader('de'), 'de')).toBe('Survival: Wechsel von Minecraft 4GB zu Minecraft 8GB, anteilig für die verbleibende Zeit (3 Tage 2 Stunden) bis 15. Feb. 2030');
    const moved = proratedLine('Survival', move, 86_400, end, 120);
    expect(textOf(moved, reader('fr'), 'fr')).toBe('Survival : transfert de US West vers EU Central, au prorata du temps restant (1 jour) jusqu’au 15 févr. 2030');
  });

  it('says less than an hour, and hours alone, as the English does', () => {
    const shortly = proratedLine('Survival', move, 1_800, end, 10);
    expect(textOf(shortly, reader('en'), 'en')).toBe(shortly.description);
    expect(shortly.description).toContain('prorated for the less than an hour left');
    const hours = proratedLine('Survival', plan, 5 * 3_600, end, 10);
    expect(textOf(hours, reader('en'), 'en')).toBe(hours.description);
    expect(textOf(hours, reader('es'), 'es')).toBe('Survival: cambio de Minecraft 4GB a Minecraft 8GB, prorrateado por el tiempo restante (5 horas) hasta el 15 feb 2030');
  });
});
