import { describe, expect, it } from 'vitest';
import { defaultBusinessRules } from '../../../shared/business-rules';
import { compileMessages } from '../../../shared/i18n/compile';
import { sourceCatalogs } from '../../../shared/i18n/catalogs';
import type { Say } from '../../../shared/line-text';
import { contentLanguages, type ContentLanguage } from '../../../shared/schemas/content';
import { setupI18n } from '@lingui/core';
import { renderMarkdown } from './markdown';
import { slaSample } from './samples/sla';
import { fillPlainVariables, fillVariables, unknownVariables, variableList, type VariableSources } from './variables';

const sources = (support: Partial<typeof defaultBusinessRules.support> = {}) => ({
  shopName: 'Blockhost',
  seller: { name: '', address: '', taxId: '' },
  rules: { ...defaultBusinessRules, support: { ...defaultBusinessRules.support, ...support } },
});

describe('the support reply targets as page variables', () => {
  it('are known variables, listed for the editor', () => {
    const text = '{{rules.supportTechnicalReply}} {{rules.supportBillingReply}} {{rules.supportSalesReply}}';
    expect(unknownVariables(text)).toEqual([]);
    expect(variableList.map((v) => v.name)).toEqual(expect.arrayContaining(['rules.supportTechnicalReply', 'rules.supportBillingReply', 'rules.supportSalesReply']));
  });

  it('state what Settings set, in hours when they are whole hours', () => {
    const text = 'Technical {{rules.supportTechnicalReply}}, billing {{rules.supportBillingReply}}, sales {{rules.supportSalesReply}}.';
    expect(fillPlainVariables(text, sources())).toBe('Technical about 2 hours, billing about 1 hour, sales about 30 minutes.');
    expect(fillPlainVariables(text, sources({ technicalMinutes: 90, billingMinutes: 1, salesMinutes: 1440 }))).toBe(
      'Technical about 90 minutes, billing about 1 minute, sales about 24 hours.',
    );
  });
});

/** The shipped words of the variables in every language, as the server loads them (content.json). */
function shippedWords(): Partial<Record<ContentLanguage, Say>> {
  return Object.fromEntries(
    contentLanguages.map((language) => {
      const messages = compileMessages(sourceCatalogs[language].content);
      const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
      return [language, ((key, values) => (key in messages ? i18n._(key, values) : undefined)) satisfies Say];
    }),
  );
}

describe('the SLA sample states only what Settings set', () => {
  const rules = {
    ...defaultBusinessRules,
    slaCredits: [
      { belowPercent: 99.75, creditPercent: 15 },
      { belowPercent: 97, creditPercent: 40 },
    ],
    support: { ...defaultBusinessRules.support, technicalMinutes: 45, billingMinutes: 180, salesMinutes: 60 },
  };
  const sources: VariableSources = { shopName: 'Blockhost', seller: { name: '', address: '', taxId: '' }, rules, words: shippedWords() };

  it('has no figure of its own: every number in it is a variable', () => {
    expect(unknownVariables(slaSample)).toEqual([]);
    expect(slaSample.replace(/\{\{[^}]+\}\}/g, '')).not.toMatch(/\d/);
  });

  it("shows the shop's tiers and reply targets, and none of the old invented ones", () => {
    const page = renderMarkdown(fillVariables(slaSample, sources)).replace(/(\s*<[^>]+>\s*)+/g, '|');
    expect(page).toContain('at least 99.75% of each calendar month');
    expect(page).toContain('|Below 99.75%|15% of the monthly fee|');
    expect(page).toContain('|Below 97%|40% of the monthly fee|');
    expect(page).toContain('technical questions, a server that is down included, about 45 minutes; billing about 3 hours; sales about 1 hour.');
    for (const invented of ['99.5%', '99.9', '99.95', 'Professional', 'Enterprise', '30 minutes', '48 hours', '24 hours', '730']) expect(page).not.toContain(invented);
  });

  it("writes the figures in the page's language, in all five", () => {
    const values = '{{rules.slaUptimeTarget}} / {{rules.supportTechnicalReply}} / {{rules.supportBillingReply}}';
    const said = Object.fromEntries(contentLanguages.map((l) => [l, fillPlainVariables(values, sources, l)]));
    // Intl writes a no-break space before the percent sign where the language puts one.
    expect(said).toEqual({
      en: '99.75% / about 45 minutes / about 3 hours',
      de: '99,75\u00a0% / etwa 45 Minuten / etwa 3 Stunden',
      fr: '99,75\u00a0% / environ 45 minutes / environ 3 heures',
      es: '99,75\u00a0% / aproximadamente 45 minutos / aproximadamente 3 horas',
      'pt-BR': '99,75% / cerca de 45 minutos / cerca de 3 horas',
    });
    const table = fillVariables('{{rules.slaCreditTable}}', sources, 'de');
    expect(table).toContain('| Verfügbarkeit im Monat | Gutschrift |');
    expect(table).toContain('| Unter 99,75\u00a0% | 15\u00a0% der Monatsgebühr |');
  });

  it('says the tiers are not set rather than invent a target when Settings have none', () => {
    expect(fillPlainVariables('{{rules.slaUptimeTarget}}', { ...sources, rules: { ...rules, slaCredits: [] } })).toBe('(SLA credit tiers not set in Settings)');
  });
});

describe('the days a refund takes as a page variable', () => {
  it('states what Settings set: a range, or one figure when both ends agree', () => {
    const text = 'Refunds take {{rules.refundProcessingDays}} business days.';
    expect(fillPlainVariables(text, sources())).toBe('Refunds take 5-7 business days.');
    expect(fillPlainVariables(text, { ...sources(), rules: { ...defaultBusinessRules, refundDaysMin: 3, refundDaysMax: 10 } })).toBe('Refunds take 3-10 business days.');
    expect(fillPlainVariables(text, { ...sources(), rules: { ...defaultBusinessRules, refundDaysMin: 5, refundDaysMax: 5 } })).toBe('Refunds take 5 business days.');
    // The SLA claim window and credit cap are Settings' too, no longer constants.
    const sla = 'Claim within {{rules.slaClaimWithinDays}} days; credits up to {{rules.slaCreditCapPercent}}% of the fee.';
    expect(unknownVariables(sla)).toEqual([]);
    expect(fillPlainVariables(sla, sources())).toBe('Claim within 30 days; credits up to 100% of the fee.');
    expect(fillPlainVariables(sla, { ...sources(), rules: { ...defaultBusinessRules, slaClaimWithinDays: 60, slaCreditCapPercent: 50 } })).toBe(
      'Claim within 60 days; credits up to 50% of the fee.',
    );
  });
});
