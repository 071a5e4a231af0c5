import { describe, expect, it } from 'vitest';
import { businessRulesSchema, defaultBusinessRules, slaCreditPercent } from './business-rules';

describe('business rules', () => {
  it("defaults to today's policy", () => {
    expect(defaultBusinessRules).toMatchObject({ refundWindowHours: 48, suspendAfterDays: 7, deleteAfterDays: 30 });
    expect(defaultBusinessRules.slaCredits).toEqual([
      { belowPercent: 99.5, creditPercent: 10 },
      { belowPercent: 99, creditPercent: 25 },
      { belowPercent: 95, creditPercent: 50 },
    ]);
    expect(defaultBusinessRules.affiliate).toEqual({ enabled: true, commissionPercent: 25, commissionMonths: null, minimumPayoutCents: 5000, minimumPayoutByCurrency: {} });
    expect(businessRulesSchema.safeParse(defaultBusinessRules).success).toBe(true);
  });

  it('takes a minimum payout per extra currency by its lower-case code, a whole amount of its minor unit', () => {
    const withMinimums = (minimums: object) => ({ ...defaultBusinessRules, affiliate: { ...defaultBusinessRules.affiliate, minimumPayoutByCurrency: minimums } });
    expect(businessRulesSchema.safeParse(withMinimums({ eur: 2500, jpy: 3000 })).success).toBe(true);
    for (const bad of [{ EUR: 2500 }, { xyz: 100 }, { eur: -1 }, { eur: 12.5 }]) {
      expect(businessRulesSchema.safeParse(withMinimums(bad)).success, JSON.stringify(bad)).toBe(false);
    }
    // A rules row saved before the field existed reads as no minimums.
    const { minimumPayoutByCurrency: _, ...before } = defaultBusinessRules.affiliate;
    expect(businessRulesSchema.parse({ ...defaultBusinessRules, affiliate: before }).affiliate.minimumPayoutByCurrency).toEqual({});
  });

  it('refuses deletion before or on the day of suspension', () => {
    const result = businessRulesSchema.safeParse({ ...defaultBusinessRules, suspendAfterDays: 14, deleteAfterDays: 14 });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['deleteAfterDays'], message: 'Deletion must come after suspension: more than 14 days' });
  });

  it('refuses out-of-range and fractional values with the field named', () => {
    const bad: [object, string][] = [
      [{ refundWindowHours: -1 }, 'refundWindowHours'],
      [{ refundWindowHours: 1.5 }, 'refundWindowHours'],
      [{ suspendAfterDays: 0 }, 'suspendAfterDays'],
      [{ affiliate: { ...defaultBusinessRules.affiliate, commissionPercent: 101 } }, 'affiliate'],
      [{ affiliate: { ...defaultBusinessRules.affiliate, commissionMonths: 0 } }, 'affiliate'],
      [{ slaCredits: [{ belowPercent: 100, creditPercent: 10 }] }, 'slaCredits'],
    ];
    for (const [change, field] of bad) {
      const result = businessRulesSchema.safeParse({ ...defaultBusinessRules, ...change });
      expect(result.success, JSON.stringify(change)).toBe(false);
      expect(result.error!.issues[0]!.path[0]).toBe(field);
    }
  });

  it('needs each SLA tier stricter than the one above it', () => {
    const result = businessRulesSchema.safeParse({
      ...defaultBusinessRules,
      slaCredits: [
        { belowPercent: 99, creditPercent: 10 },
        { belowPercent: 99.5, creditPercent: 25 },
      ],
    });
    expect(result.error?.issues[0]?.path).toEqual(['slaCredits', 1, 'belowPercent']);
  });

  it('credits the worst tier a month falls under', () => {
    const rules = defaultBusinessRules;
    expect(slaCreditPercent(99.9, rules)).toBe(0);
    expect(slaCreditPercent(99.5, rules)).toBe(0);
    expect(slaCreditPercent(99.4, rules)).toBe(10);
    expect(slaCreditPercent(98, rules)).toBe(25);
    expect(slaCreditPercent(90, rules)).toBe(50);
  });

  it('keeps the SLA claim window and credit cap of today by default, and refuses what cannot be stated', () => {
    expect(defaultBusinessRules).toMatchObject({ slaClaimWithinDays: 30, slaCreditCapPercent: 100 });
    const issue = (over: object) => businessRulesSchema.safeParse({ ...defaultBusinessRules, ...over }).error?.issues[0];
    expect(issue({ slaClaimWithinDays: 0 })).toMatchObject({ path: ['slaClaimWithinDays'], message: 'The days to claim an SLA credit must be at least 1' });
    expect(issue({ slaClaimWithinDays: 366 })).toMatchObject({ path: ['slaClaimWithinDays'], message: 'The days to claim an SLA credit can be at most 365' });
    expect(issue({ slaClaimWithinDays: 14.5 })?.message).toBe('Enter the days to claim an SLA credit as a whole number');
    expect(issue({ slaCreditCapPercent: 101 })).toMatchObject({ path: ['slaCreditCapPercent'], message: 'The SLA credit cap can be at most 100' });
    expect(issue({ slaCreditCapPercent: '50' })?.message).toBe('Enter the SLA credit cap as a number');
    // Below the largest tier the cap would contradict the table the SLA page prints.
    expect(issue({ slaCreditCapPercent: 40 })).toMatchObject({ path: ['slaCreditCapPercent'], message: "The cap cannot be below the largest tier's credit (50%)" });
    expect(businessRulesSchema.safeParse({ ...defaultBusinessRules, slaCreditCapPercent: 50, slaClaimWithinDays: 60 }).success).toBe(true);
    expect(slaCreditPercent(90, { ...defaultBusinessRules, slaCreditCapPercent: 50 })).toBe(50);
  });
});
