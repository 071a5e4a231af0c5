import type { FaqCategory } from '../../content/faq';

function normalise(text: string): string {
  return text.toLocaleLowerCase('en-US').replace(/\s+/g, ' ').trim();
}

/**
 * The categories whose questions or answers match the query, keeping only matching items and
 * dropping categories left empty. Case-insensitive; every word of the query must appear
 * somewhere in the question or the answer, so "refund card" finds the refund answer. An empty
 * query returns everything.
 */
export function filterFaq(categories: readonly FaqCategory[], query: string): FaqCategory[] {
  const terms = normalise(query).split(' ').filter(Boolean);
  if (terms.length === 0) return [...categories];
  return categories
    .map((category) => ({
      ...category,
      items: category.items.filter((item) => {
        const haystack = normalise(`${item.question} ${item.answer}`);
        return terms.every((term) => haystack.includes(term));
      }),
    }))
    .filter((category) => category.items.length > 0);
}

export function countFaqItems(categories: readonly FaqCategory[]): number {
  return categories.reduce((sum, category) => sum + category.items.length, 0);
}
