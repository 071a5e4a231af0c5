import { describe, expect, it } from 'vitest';
import { contentLanguages, contentSlugs } from '../../../../shared/schemas/content';
import { samplePage } from '../content.render';
import { unknownVariables } from '../variables';
import { isSampleText, sampleText } from '.';

const variablesOf = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
const outsideVariables = (text: string) => text.replace(/\{\{[^}]+\}\}/g, '');
const figuresOf = (text: string) => (outsideVariables(text).match(/\d+/g) ?? []).sort();
const linksOf = (text: string) => [...text.matchAll(/\]\((\/[^)]*)\)/g)].map((m) => m[1]);
const sectionsOf = (text: string) => text.split('\n').filter((l) => l.startsWith('## ')).length;

describe('the sample pages in every shipped language (decision 079)', () => {
  const others = contentLanguages.filter((l) => l !== 'en');

  it.each(contentSlugs)('%s states in every language what English states: the same variables, figures, links and sections', (slug) => {
    const english = sampleText(slug, 'en');
    for (const language of others) {
      const text = sampleText(slug, language);
      expect(text, `${slug} in ${language}`).not.toBe(english);
      expect(text).toMatch(/^# \S/);
      expect(unknownVariables(text)).toEqual([]);
      expect(variablesOf(text), `${slug} in ${language}: variables`).toEqual(variablesOf(english));
      // No figure of its own: the same numbers as the English, the rest comes from Settings.
      expect(figuresOf(text), `${slug} in ${language}: figures`).toEqual(figuresOf(english));
      expect(linksOf(text), `${slug} in ${language}: links`).toEqual(linksOf(english));
      expect(sectionsOf(text), `${slug} in ${language}: sections`).toBe(sectionsOf(english));
    }
  });

  it('the SLA has no figure outside its variables in any language', () => {
    for (const language of contentLanguages) expect(outsideVariables(sampleText('sla', language))).not.toMatch(/\d/);
  });

  it("counts any language's sample text as sample, under any language, and staff's own text as not", () => {
    expect(isSampleText('about', sampleText('about', 'de'))).toBe(true);
    expect(isSampleText('about', `\n${sampleText('about', 'pt-BR')}  \n`)).toBe(true);
    expect(isSampleText('sla', sampleText('about', 'de'))).toBe(false);
    expect(isSampleText('about', '# Über uns\n\nUnsere Worte.')).toBe(false);
  });

  it("is what the build prerenders for a language: the language's sample, its variables in the language's words", async () => {
    const page = await samplePage('sla', 'Blockhost', 'de');
    expect(page).toMatchObject({ slug: 'sla', language: 'de', title: 'Service Level Agreement', sample: true, updatedAt: null });
    const text = page.sections.map((s) => s.html).join('');
    expect(text).toContain('etwa 2 Stunden');
    expect(text).toContain('Verfügbarkeit im Monat');
    expect((await samplePage('about', 'Blockhost')).title).toBe('Built by players, run like infrastructure');
  });
});
