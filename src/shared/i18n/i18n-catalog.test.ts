import { describe, expect, it } from 'vitest';
import { sourceCatalogs } from './catalogs';
import { messageProblem, placeholdersOf } from './compile';
import { namespaces } from './keys';
import { baseLocale, locales } from './locales';

/** Fails when a shipped language lacks a key, has one English does not, or uses other placeholders. */
describe('shipped message catalogs', () => {
  for (const namespace of namespaces) {
    const english = sourceCatalogs[baseLocale][namespace];
    for (const locale of locales.filter((l) => l !== baseLocale)) {
      it(`${locale}/${namespace} has every key of en/${namespace}, with the same placeholders`, () => {
        const catalog = sourceCatalogs[locale][namespace];
        expect(Object.keys(english).filter((key) => !(key in catalog)), 'missing keys').toEqual([]);
        expect(Object.keys(catalog).filter((key) => !(key in english)), 'keys English does not have').toEqual([]);
        const misfits = Object.entries(catalog)
          .map(([key, text]) => [key, messageProblem(text, english[key] ?? '')])
          .filter(([, problem]) => problem);
        expect(misfits, 'messages whose placeholders differ from English').toEqual([]);
        expect(Object.entries(catalog).filter(([, text]) => !text.trim()), 'empty messages').toEqual([]);
      });
    }
    it(`en/${namespace} parses`, () => {
      for (const text of Object.values(english)) expect(() => placeholdersOf(text)).not.toThrow();
    });
  }

  it('reports a placeholder that differs, and bad syntax', () => {
    expect(messageProblem('Hallo {nam}', 'Hello {name}')).toMatch(/must use \{name\}.*\{nam\} is not available/);
    expect(messageProblem('Hallo {name', 'Hello {name}')).toMatch(/^The text is not valid \([^)]*\d\)\. Check that every \{ has its \}/);
    expect(messageProblem('{count, plural, one {# Server} other {# Server}}', '{count, plural, one {# server} other {# servers}}')).toBeUndefined();
  });
});
