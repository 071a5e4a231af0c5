import { describe, expect, it } from 'vitest';
import { etagMatches } from './compression';

describe('etagMatches (If-None-Match, weak comparison)', () => {
  const etag = 'W/"abc"';
  it('matches the tag itself, in a list, strong or weak, and *', () => {
    expect(etagMatches('W/"abc"', etag)).toBe(true);
    expect(etagMatches('"abc"', etag)).toBe(true);
    expect(etagMatches('"x", W/"abc"', etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
  });
  it('does not match another tag, nothing, or a tag that only contains it', () => {
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches('', etag)).toBe(false);
    expect(etagMatches('"abcd"', etag)).toBe(false);
    expect(etagMatches('W/"ab"', etag)).toBe(false);
  });
});
