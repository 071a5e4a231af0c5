import { describe, expect, it } from 'vitest';
import { contrastRatio, defaultBrand, inkOn, primaryColorChecks, primaryColorProblems, relativeLuminance } from './brand';
import { brandInputSchema } from './schemas/brand';

describe('WCAG contrast', () => {
  it('matches the reference values: black on white is 21:1, a colour on itself 1:1', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 6);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 6);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 6);
    expect(contrastRatio('#4ade80', '#4ade80')).toBe(1);
    // #767676 on white is the well-known lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it("accepts today's green: it is the default and must keep passing", () => {
    expect(primaryColorProblems(defaultBrand.primaryColor)).toEqual([]);
    expect(inkOn(defaultBrand.primaryColor)).toBe('#0b0f19');
  });

  it('picks white ink on a dark primary, and still refuses one too dark for text on the dark pages', () => {
    expect(inkOn('#1d4ed8')).toBe('#ffffff');
    const problems = primaryColorProblems('#1d4ed8');
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/^Links and highlighted text on the page background: #1d4ed8 on #0b0f19 has a contrast of \d\.\d\d:1; AA needs at least 4\.5:1\.$/);
  });

  it('refuses a mid grey whose best button ink still falls short, naming that pair', () => {
    const checks = primaryColorChecks('#777777');
    const button = checks.find((c) => c.pair.startsWith('Button label'))!;
    expect(button.passes).toBe(false);
    expect(button.ratio).toBeLessThan(4.5);
    expect(primaryColorProblems('#777777').some((p) => p.startsWith('Button label on a primary button'))).toBe(true);
  });

  it('rounds down, so a ratio just under 4.5 never shows as passing', () => {
    for (const c of primaryColorChecks('#6b8cff')) expect(c.passes).toBe(c.ratio >= 4.5);
  });

  it('asks for #rrggbb', () => {
    expect(primaryColorProblems('green')).toEqual(['Use a colour in the form #rrggbb, for example #4ade80.']);
    expect(brandInputSchema.safeParse({ name: 'X', primaryColor: '#4ADE80', supportEmail: 'a@b.co' }).data?.primaryColor).toBe('#4ade80');
  });

  it('the form schema carries every contrast failure as an issue on primaryColor', () => {
    const result = brandInputSchema.safeParse({ name: 'Blockhost', primaryColor: '#1d4ed8', supportEmail: 'help@blockhost.test' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.filter((i) => i.path[0] === 'primaryColor').map((i) => i.message);
    expect(messages.join(' ')).toContain('AA needs at least 4.5:1');
  });

  it('turns empty links into null and refuses non-web ones', () => {
    const ok = brandInputSchema.parse({ name: 'B', primaryColor: '#4ade80', supportEmail: 'a@b.co', discordUrl: '', socials: { x: 'https://x.com/b', youtube: '' } });
    expect(ok.discordUrl).toBeNull();
    expect(ok.socials).toEqual({ x: 'https://x.com/b', youtube: null });
    expect(brandInputSchema.safeParse({ name: 'B', primaryColor: '#4ade80', supportEmail: 'a@b.co', discordUrl: 'javascript:alert(1)' }).success).toBe(false);
  });
});
