import { describe, expect, it } from 'vitest';
import { formatBytes, formatPercent, formatUptime, parseDailyTime, ratio } from './format';

describe('figures', () => {
  it('formats sizes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(4 * 1024 ** 3)).toBe('4 GB');
    expect(formatBytes(123.4 * 1024 ** 2)).toBe('123 MB');
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(-1)).toBe('—');
  });

  it('formats uptime from seconds', () => {
    expect(formatUptime(0)).toBe('—');
    expect(formatUptime(42)).toBe('42s');
    expect(formatUptime(125)).toBe('2m');
    expect(formatUptime(3 * 3600 + 7 * 60)).toBe('3h 7m');
    expect(formatUptime(86_400 + 2 * 3600 + 3 * 60 + 4)).toBe('1d 2h 3m');
  });

  it('rounds percentages and bounds bar ratios', () => {
    expect(formatPercent(12.6)).toBe('13%');
    expect(formatPercent(undefined)).toBe('—');
    expect(ratio(50, 200)).toBe(0.25);
    expect(ratio(300, 200)).toBe(1);
    expect(ratio(10, 0)).toBe(0);
  });

  it('accepts only 24-hour HH:MM restart times', () => {
    expect(parseDailyTime('04:30')).toBe('04:30');
    expect(parseDailyTime(' 23:59 ')).toBe('23:59');
    expect(parseDailyTime('24:00')).toBeNull();
    expect(parseDailyTime('4:30')).toBeNull();
    expect(parseDailyTime('')).toBeNull();
  });
});
