import { afterEach, describe, expect, it } from 'vitest';
import { isLocalPath, rememberReturnPath, takeReturnPath } from './return-path';

afterEach(() => localStorage.clear());

describe('the path kept across email verification', () => {
  it('keeps a path on this site once, for a day', () => {
    rememberReturnPath('/dashboard/shared/accept?token=abc', 1_000);
    expect(takeReturnPath(2_000)).toBe('/dashboard/shared/accept?token=abc');
    expect(takeReturnPath(2_000)).toBeUndefined();
    rememberReturnPath('/dashboard', 0);
    expect(takeReturnPath(24 * 60 * 60_000 + 1)).toBeUndefined();
  });

  it('never keeps another site', () => {
    for (const path of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'dashboard', undefined]) {
      expect(isLocalPath(path)).toBe(false);
      rememberReturnPath(path);
      expect(takeReturnPath()).toBeUndefined();
    }
    localStorage.setItem('sp:return-after-verify', JSON.stringify({ path: '//evil.example', until: Date.now() + 1000 }));
    expect(takeReturnPath()).toBeUndefined();
  });
});
