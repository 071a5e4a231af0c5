import { describe, expect, it } from 'vitest';
import { defaultBusinessRules } from '../../../shared/business-rules';
import { fillPlainVariables, unknownVariables, variableList } from './variables';

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
