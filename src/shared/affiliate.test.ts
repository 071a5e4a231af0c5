import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commissionCents,
  commissionStillEarned,
  commissionPayableAt,
  commissionStatusAt,
  conversionRate,
  maskEmail,
  meetsPayoutMinimum,
  nextPayoutDate,
  normaliseReferralCode,
  percentChange,
  periodWindows,
  referralLink,
} from './affiliate';
import { policy } from './policy';

describe('commissionCents', () => {
  it('is 25% of the payment by default, from the policy', () => {
    expect(policy.affiliate.commissionPercent).toBe(25);
    expect(commissionCents(1400)).toBe(350);
    expect(commissionCents(10_000)).toBe(2500);
  });

  it('rounds down to a whole cent', () => {
    expect(commissionCents(1999)).toBe(499); // 499.75
    expect(commissionCents(350)).toBe(87); // 87.5
    expect(commissionCents(3)).toBe(0); // 0.75
    expect(commissionCents(0)).toBe(0);
  });

  it('refuses amounts that are not whole, non-negative cents, and rates outside 0-100', () => {
    expect(() => commissionCents(-1)).toThrow(RangeError);
    expect(() => commissionCents(12.5)).toThrow(RangeError);
    expect(() => commissionCents(100, 101)).toThrow(RangeError);
    expect(() => commissionCents(100, 2.5)).toThrow(RangeError);
  });

  it('is a whole number within a cent below the exact share, and never more than the payment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 100 }), (cents, rate) => {
        const c = commissionCents(cents, rate);
        const exact = (cents * rate) / 100;
        expect(Number.isInteger(c)).toBe(true);
        expect(c).toBeLessThanOrEqual(exact);
        expect(exact - c).toBeLessThan(1);
        expect(c).toBeLessThanOrEqual(cents);
      }),
    );
  });

  it('never pays more on two payments than on their sum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (a, b) => {
        expect(commissionCents(a) + commissionCents(b)).toBeLessThanOrEqual(commissionCents(a + b));
      }),
    );
  });
});

describe('the refund window and payable status', () => {
  const paidAt = new Date('2030-01-15T12:00:00Z');

  it('becomes payable 48 hours after the payment', () => {
    expect(policy.refundWindowHours).toBe(48);
    expect(commissionPayableAt(paidAt).toISOString()).toBe('2030-01-17T12:00:00.000Z');
  });

  it('reads a pending commission as payable once the window has passed, and leaves other states alone', () => {
    const payableAt = commissionPayableAt(paidAt);
    const justBefore = new Date(payableAt.getTime() - 1);
    expect(commissionStatusAt({ status: 'pending', payableAt }, justBefore)).toBe('pending');
    expect(commissionStatusAt({ status: 'pending', payableAt }, payableAt)).toBe('payable');
    for (const status of ['payable', 'requested', 'paid', 'reversed'] as const) {
      expect(commissionStatusAt({ status, payableAt }, new Date(payableAt.getTime() + 1000))).toBe(status);
      expect(commissionStatusAt({ status, payableAt }, justBefore)).toBe(status);
    }
  });
});

describe('the $50.00 payout minimum', () => {
  it('allows a payout from exactly $50.00', () => {
    expect(policy.affiliate.minimumPayoutCents).toBe(5000);
    expect(meetsPayoutMinimum(4999)).toBe(false);
    expect(meetsPayoutMinimum(5000)).toBe(true);
    // A minimum of 0 still pays out only something.
    expect(meetsPayoutMinimum(0, 0)).toBe(false);
    expect(meetsPayoutMinimum(1, 0)).toBe(true);
    expect(meetsPayoutMinimum(5001)).toBe(true);
    expect(meetsPayoutMinimum(0)).toBe(false);
  });
});

describe('periods', () => {
  const now = new Date('2030-03-31T10:00:00Z');

  it.each([
    ['week', 7],
    ['month', 30],
    ['quarter', 90],
    ['year', 365],
  ] as const)('%s is the last %i days, against the %i days before', (period, days) => {
    const { current, previous } = periodWindows(period, now);
    const day = 86_400_000;
    expect(current.end).toEqual(now);
    expect(current.end.getTime() - current.start.getTime()).toBe(days * day);
    expect(previous.end).toEqual(current.start);
    expect(previous.end.getTime() - previous.start.getTime()).toBe(days * day);
  });

  it('gives the week ending now and the week before it', () => {
    const { current, previous } = periodWindows('week', now);
    expect(current.start.toISOString()).toBe('2030-03-24T10:00:00.000Z');
    expect(previous.start.toISOString()).toBe('2030-03-17T10:00:00.000Z');
  });
});

describe('percentChange', () => {
  it('is the change against the previous period, in percent with one decimal', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(100, 100)).toBe(0);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(2, 3)).toBe(-33.3);
  });

  it('counts a start from nothing as +100%, and nothing to nothing as 0', () => {
    expect(percentChange(7, 0)).toBe(100);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(0, 5)).toBe(-100);
  });

  it('has the sign of the difference', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (cur, prev) => {
        const change = percentChange(cur, prev);
        if (cur === prev) expect(change).toBe(0);
        if (cur > prev) expect(change).toBeGreaterThanOrEqual(0);
        if (cur < prev) expect(change).toBeLessThanOrEqual(0);
        expect(change).toBeGreaterThanOrEqual(-100);
      }),
    );
  });
});

describe('conversionRate', () => {
  it('is paying referrals per click, in percent', () => {
    expect(conversionRate(1, 4)).toBe(25);
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(0, 10)).toBe(0);
  });

  it('is 0 without clicks and never above 100', () => {
    expect(conversionRate(3, 0)).toBe(0);
    expect(conversionRate(5, 2)).toBe(100);
  });
});

describe('maskEmail', () => {
  it.each([
    ['jane@gmail.com', 'j***@g***.com'],
    ['Bob.Smith@Example.co.uk', 'B***@E***.uk'],
    ['a@b.io', 'a***@b***.io'],
    ['x@localhost', 'x***@l***'],
    ['not-an-email', '***'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('never shows more than the first letters and the top-level domain', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const masked = maskEmail(email);
        const [local = '', domain = ''] = [email.slice(0, email.lastIndexOf('@')), email.slice(email.lastIndexOf('@') + 1)];
        expect(masked.startsWith(`${local[0]}***@`)).toBe(true);
        // Only the first letter of the name and of the domain survive, whatever their length.
        expect(masked.length).toBeLessThanOrEqual(1 + 4 + 1 + 3 + domain.length - domain.lastIndexOf('.'));
        expect(masked.endsWith(domain.slice(domain.lastIndexOf('.')))).toBe(true);
      }),
    );
  });
});

describe('nextPayoutDate', () => {
  it('is the first day of next month', () => {
    expect(nextPayoutDate(new Date('2030-01-15T12:00:00Z'))).toBe('2030-02-01');
    expect(nextPayoutDate(new Date('2030-01-01T00:00:00Z'))).toBe('2030-02-01');
    expect(nextPayoutDate(new Date('2030-12-31T23:59:59Z'))).toBe('2031-01-01');
  });
});

describe('referral codes and links', () => {
  it('builds <site>/signup?ref=CODE', () => {
    expect(referralLink('https://play.example/', 'ABCD1234')).toBe('https://play.example/signup?ref=ABCD1234');
    expect(referralLink('http://127.0.0.1:3000', 'ABCD1234')).toBe('http://127.0.0.1:3000/signup?ref=ABCD1234');
  });

  it('accepts 4-32 letters and digits, upper-cased, and nothing else', () => {
    expect(normaliseReferralCode(' abcd1234 ')).toBe('ABCD1234');
    expect(normaliseReferralCode('abc')).toBeNull();
    expect(normaliseReferralCode('abc-1234')).toBeNull();
    expect(normaliseReferralCode(undefined)).toBeNull();
    expect(normaliseReferralCode('A'.repeat(33))).toBeNull();
  });
});

describe('commissionStillEarned', () => {
  const signedUp = new Date('2030-01-31T10:00:00Z');
  it('earns for ever without a duration', () => {
    expect(commissionStillEarned(signedUp, new Date('2040-01-01T00:00:00Z'), null)).toBe(true);
  });
  it('earns for the given calendar months, ending on the last day of a shorter month', () => {
    expect(commissionStillEarned(signedUp, new Date('2030-02-28T09:59:59Z'), 1)).toBe(true);
    expect(commissionStillEarned(signedUp, new Date('2030-02-28T10:00:00Z'), 1)).toBe(false);
    expect(commissionStillEarned(signedUp, new Date('2031-01-31T09:00:00Z'), 12)).toBe(true);
    expect(commissionStillEarned(signedUp, new Date('2031-01-31T10:00:00Z'), 12)).toBe(false);
  });
});
