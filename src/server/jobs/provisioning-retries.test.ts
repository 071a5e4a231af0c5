import { describe, expect, it } from 'vitest';
import { defaultProvisioningOptions, isLastTry, provisionRetryDelaySeconds } from './provisioning';

describe('provisioning retries', () => {
  it('double from the first delay up to the cap, with at most a fifth more at random', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => provisionRetryDelaySeconds(defaultProvisioningOptions, n, 0));
    expect(delays).toEqual([5, 10, 20, 40, 80, 160, 300, 300]);
    expect(provisionRetryDelaySeconds(defaultProvisioningOptions, 1, 1)).toBe(6);
    expect(provisionRetryDelaySeconds(defaultProvisioningOptions, 9, 0.999)).toBe(360);
    expect(provisionRetryDelaySeconds({ retryDelaySeconds: 0, maxRetryDelaySeconds: 300 }, 4)).toBe(0);
  });

  it('span at least the hour by default before a server counts as failed, trying every five minutes at most', () => {
    let failingForMs = 0;
    let attempt = 1;
    while (!isLastTry(defaultProvisioningOptions, attempt, failingForMs)) {
      failingForMs += provisionRetryDelaySeconds(defaultProvisioningOptions, attempt, 0) * 1000;
      attempt += 1;
    }
    expect(failingForMs).toBeGreaterThanOrEqual(60 * 60_000);
    expect(failingForMs).toBeLessThan(66 * 60_000);
    expect(attempt).toBe(18);
  });

  it('need both the attempts and the window', () => {
    const options = { attempts: 5, retryWindowSeconds: 3600 };
    expect(isLastTry(options, 5, 3_599_999)).toBe(false);
    expect(isLastTry(options, 4, 7_200_000)).toBe(false);
    expect(isLastTry(options, 5, 3_600_000)).toBe(true);
    expect(isLastTry({ attempts: 3, retryWindowSeconds: 0 }, 3, 0)).toBe(true);
  });
});
