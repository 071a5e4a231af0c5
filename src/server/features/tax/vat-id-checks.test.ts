import { describe, expect, it } from 'vitest';
import { patchFor, RECHECK_AFTER_DAYS, requesterOf, vatCheckDue, vatCheckOf } from './vat-id-checks';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2030-03-01T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);

describe('vatCheckDue: when VIES is asked again before an invoice', () => {
  it('asks about an ID verified more than 30 days ago, by VIES or by hand, and one still being checked', () => {
    expect(RECHECK_AFTER_DAYS).toBe(30);
    expect(vatCheckDue({ vatId: 'FR40303265045', vatIdStatus: 'verified', vatIdCheckedAt: ago(30) }, now)).toBe(false);
    expect(vatCheckDue({ vatId: 'FR40303265045', vatIdStatus: 'verified', vatIdCheckedAt: new Date(ago(30).getTime() - 1) }, now)).toBe(true);
    expect(vatCheckDue({ vatId: 'FR40303265045', vatIdStatus: 'verified', vatIdCheckedAt: ago(1) }, now)).toBe(false);
    expect(vatCheckDue({ vatId: 'FR40303265045', vatIdStatus: 'verified', vatIdCheckedAt: null }, now)).toBe(true);
    expect(vatCheckDue({ vatId: 'FR40303265045', vatIdStatus: 'checking', vatIdCheckedAt: null }, now)).toBe(true);
  });

  it('leaves alone an ID VIES found invalid (the customer changes or saves it again), and no ID at all', () => {
    expect(vatCheckDue({ vatId: 'FR40303265045', vatIdStatus: 'invalid', vatIdCheckedAt: ago(90) }, now)).toBe(false);
    expect(vatCheckDue({ vatId: '', vatIdStatus: null, vatIdCheckedAt: null }, now)).toBe(false);
    expect(vatCheckDue(undefined, now)).toBe(false);
  });
});

describe('patchFor: what an answer from VIES makes of a saved ID', () => {
  it('verified with the consultation number; invalid with the date; no answer keeps checking with the error', () => {
    expect(patchFor({ kind: 'valid', consultation: 'WAPIAAAAabcdefgh', name: null, address: null }, now)).toEqual({
      vatIdStatus: 'verified',
      vatIdCheckedAt: now,
      vatIdConsultation: 'WAPIAAAAabcdefgh',
      vatIdVerifiedBy: 'vies',
      vatIdCheckError: null,
      vatIdAttemptedAt: now,
    });
    expect(patchFor({ kind: 'invalid', consultation: null, error: 'INVALID_INPUT' }, now)).toMatchObject({ vatIdStatus: 'invalid', vatIdCheckedAt: now, vatIdCheckError: 'INVALID_INPUT' });
    // An outage says nothing about the ID: the last verification's date and number stay on record.
    expect(patchFor({ kind: 'error', error: 'MS_UNAVAILABLE', retry: true }, now)).toEqual({ vatIdStatus: 'checking', vatIdCheckError: 'MS_UNAVAILABLE', vatIdAttemptedAt: now });
  });
});

describe('requesterOf and vatCheckOf', () => {
  it("sends the seller's tax ID to VIES only when it is a well-formed EU VAT ID", () => {
    expect(requesterOf('NL 1234.56789-B01')).toEqual({ countryCode: 'NL', vatNumber: '123456789B01' });
    expect(requesterOf('EL123456789')).toEqual({ countryCode: 'EL', vatNumber: '123456789' });
    expect(requesterOf('')).toBeNull();
    expect(requesterOf('US 12-3456789')).toBeNull();
  });

  it('shows the check only when there is one', () => {
    expect(vatCheckOf({ vatIdVerifiedBy: 'vies', vatIdCheckedAt: now, vatIdConsultation: 'WAPIAAAAabcdefgh' })).toEqual({ by: 'vies', consultation: 'WAPIAAAAabcdefgh', checkedAt: now.toISOString() });
    expect(vatCheckOf({ vatIdVerifiedBy: null, vatIdCheckedAt: null, vatIdConsultation: null })).toBeNull();
  });
});
