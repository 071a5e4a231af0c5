import { describe, expect, it } from 'vitest';
import { blogPosts, formatPostDate } from './blog-index';

describe('formatPostDate', () => {
  it('writes the date out in full, as Intl does for en-US in UTC', () => {
    expect(formatPostDate('2026-10-27')).toBe('October 27, 2026');
    expect(formatPostDate('2024-02-29')).toBe('February 29, 2024');
    expect(formatPostDate('2026-01-05')).toBe('January 5, 2026');
  });

  it('agrees with Intl.DateTimeFormat on every post and every day of a leap year', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    const days = Array.from({ length: 366 }, (_, i) => new Date(Date.UTC(2028, 0, 1 + i)).toISOString().slice(0, 10));
    for (const date of [...blogPosts.map((p) => p.date), ...days]) {
      expect(formatPostDate(date)).toBe(intl.format(new Date(`${date}T00:00:00Z`)));
    }
  });
});
