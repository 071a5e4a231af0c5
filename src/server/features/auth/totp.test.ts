import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, otpauthUrl, totp, verifyTotp } from './totp';

const rfcSecret = Buffer.from('12345678901234567890');

describe('TOTP (RFC 6238, SHA1)', () => {
  // Appendix B of RFC 6238: 8-digit values; the 6-digit code is the last six digits.
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('matches the test vector at T=%i', (seconds, eightDigits) => {
    const at = new Date(seconds * 1000);
    expect(totp(rfcSecret, at, 8)).toBe(eightDigits);
    expect(totp(rfcSecret, at)).toBe(eightDigits.slice(2));
  });

  it('gives 287082 at T=59 with 6 digits', () => {
    expect(totp(rfcSecret, new Date(59_000))).toBe('287082');
  });

  it('matches the RFC 4226 HOTP vectors', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(rfcSecret, counter))).toEqual(expected);
  });

  it('round-trips base32 as authenticator apps read it', () => {
    expect(base32Encode(rfcSecret)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(rfcSecret);
  });

  it('accepts the previous and next step, not two away', () => {
    const secret = base32Encode(rfcSecret);
    const at = new Date(1_111_111_111_000);
    const step = Math.floor(1_111_111_111 / 30);
    const codeAt = (offsetSteps: number) => totp(rfcSecret, new Date(at.getTime() + offsetSteps * 30_000));
    expect(verifyTotp(secret, codeAt(0), at)).toBe(step);
    expect(verifyTotp(secret, codeAt(-1), at)).toBe(step - 1);
    expect(verifyTotp(secret, codeAt(1), at)).toBe(step + 1);
    expect(verifyTotp(secret, codeAt(2), at)).toBeNull();
    expect(verifyTotp(secret, codeAt(-2), at)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', at)).toBeNull();
  });

  it('refuses a step already used', () => {
    const secret = base32Encode(rfcSecret);
    const at = new Date(59_000);
    expect(verifyTotp(secret, '287082', at, 1)).toBeNull();
    expect(verifyTotp(secret, '287082', at, 0)).toBe(1);
  });

  it('builds an otpauth URL', () => {
    const url = otpauthUrl({ issuer: 'Spawnpoint', account: 'a@b.test', secret: 'ABC' });
    expect(url).toBe('otpauth://totp/Spawnpoint%3Aa%40b.test?secret=ABC&issuer=Spawnpoint&algorithm=SHA1&digits=6&period=30');
  });
});
