import { describe, expect, it } from 'vitest';
import { faqCategories, type FaqCategory } from '../../content/faq';
import { countFaqItems, filterFaq } from './faq-search';

const sample: FaqCategory[] = [
  {
    id: 'general',
    name: 'General',
    items: [
      { id: 'a', question: 'Which games can I host?', answer: 'Minecraft, FiveM and Palworld.' },
      { id: 'b', question: 'Where are you?', answer: 'Four regions, including Amsterdam.' },
    ],
  },
  {
    id: 'technical',
    name: 'Technical',
    items: [{ id: 'c', question: 'Do you block DDoS attacks?', answer: 'Always-on filtering.' }],
  },
  {
    id: 'billing',
    name: 'Billing',
    items: [{ id: 'd', question: 'Refunds?', answer: 'A 48-hour money-back guarantee.' }],
  },
];

describe('filterFaq', () => {
  it('returns every category for an empty or blank query', () => {
    expect(filterFaq(sample, '')).toEqual(sample);
    expect(filterFaq(sample, '   ')).toEqual(sample);
  });

  it('matches questions case-insensitively', () => {
    const result = filterFaq(sample, 'ddos');
    expect(result.map((c) => c.id)).toEqual(['technical']);
    expect(result[0]?.items.map((i) => i.id)).toEqual(['c']);
  });

  it('matches answers, not only questions', () => {
    const result = filterFaq(sample, 'AMSTERDAM');
    expect(result).toHaveLength(1);
    expect(result[0]?.items.map((i) => i.id)).toEqual(['b']);
  });

  it('searches across all three categories at once', () => {
    const result = filterFaq(sample, 'a');
    expect(result.map((c) => c.name)).toEqual(['General', 'Technical', 'Billing']);
  });

  it('requires every word of the query, in any order', () => {
    expect(filterFaq(sample, 'guarantee money').map((c) => c.id)).toEqual(['billing']);
    expect(filterFaq(sample, 'guarantee minecraft')).toEqual([]);
  });

  it('drops categories with no matches and returns nothing when nothing matches', () => {
    expect(filterFaq(sample, 'palworld').map((c) => c.id)).toEqual(['general']);
    expect(filterFaq(sample, 'zzz-no-such-thing')).toEqual([]);
  });

  it('does not change the categories it is given', () => {
    filterFaq(sample, 'ddos');
    expect(countFaqItems(sample)).toBe(4);
  });
});

describe('the FAQ content', () => {
  it('has the three categories with at least five questions each', () => {
    expect(faqCategories.map((c) => c.name)).toEqual(['General', 'Technical', 'Billing']);
    for (const category of faqCategories) expect(category.items.length).toBeGreaterThanOrEqual(5);
  });

  it('promises the 48-hour money-back guarantee and never a 7-day one', () => {
    const refund = filterFaq(faqCategories, 'refund policy')[0]?.items[0];
    expect(refund?.answer).toContain('48-hour money-back guarantee');
    expect(refund?.answer).not.toMatch(/\b(7|seven)[- ]days?\b/i);
    const everything = faqCategories.flatMap((c) => c.items.map((i) => `${i.question} ${i.answer}`)).join(' ');
    expect(everything).not.toMatch(/\b(7|seven)[- ]day (money-back|guarantee|refund)/i);
  });

  it('gives every question a unique id', () => {
    const ids = faqCategories.flatMap((c) => c.items.map((i) => i.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
