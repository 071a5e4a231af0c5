import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box';

const OLD = 'old-app-secret-0123456789abcdefghijklmnop';
const NEW = 'new-app-secret-0123456789abcdefghijklmnop';

describe('createSecretBox', () => {
  it('seals with AES-256-GCM under a key derived from APP_SECRET, and opens it back', () => {
    const box = createSecretBox({ secret: NEW });
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).toMatch(/^enc:v1:[0-9a-f]{8}:[\w-]{16}:[\w-]+:[\w-]{22}$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'user-1')).not.toBe(sealed); // a fresh IV each time
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.needsResealing(sealed)).toBe(false);
  });

  it('refuses a value moved to another row, or altered', () => {
    const box = createSecretBox({ secret: NEW });
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(() => box.open(sealed, 'user-2')).toThrow(SecretBoxError);
    const altered = `${sealed.slice(0, -3)}${sealed.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect(() => box.open(altered, 'user-1')).toThrow(SecretBoxError);
  });

  it('opens values of a previous key and marks them, and plain ones, for resealing', () => {
    const before = createSecretBox({ secret: OLD }).seal('secret', 'user-1');
    const rotated = createSecretBox({ secret: NEW, previous: [OLD] });
    expect(rotated.open(before, 'user-1')).toBe('secret');
    expect(rotated.needsResealing(before)).toBe(true);
    expect(rotated.needsResealing('PLAINBASE32SECRET')).toBe(true);
    expect(rotated.open('PLAINBASE32SECRET', 'user-1')).toBe('PLAINBASE32SECRET');
    expect(() => createSecretBox({ secret: NEW }).open(before, 'user-1')).toThrow(/neither APP_SECRET nor in APP_SECRET_PREVIOUS/);
  });

  it('stores values as they are without APP_SECRET (development)', () => {
    const box = createSecretBox({});
    expect(box.encrypts).toBe(false);
    expect(box.seal('secret', 'user-1')).toBe('secret');
    expect(box.needsResealing('secret')).toBe(false);
  });
});
