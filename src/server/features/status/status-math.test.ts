import { describe, expect, it } from 'vitest';
import { dailyBars, dayState, lastDays, uptimePercent, worstState } from './status-math';

describe('status math', () => {
  it('gives a day its worst check, and no checks no state', () => {
    expect(dayState({ up: 0, degraded: 0, down: 0 })).toBe('none');
    expect(dayState({ up: 1440, degraded: 0, down: 0 })).toBe('up');
    expect(dayState({ up: 1400, degraded: 40, down: 0 })).toBe('degraded');
    expect(dayState({ up: 1439, degraded: 0, down: 1 })).toBe('down');
  });

  it('computes uptime from the checks, null without any, and never rounds a failure up to 100%', () => {
    expect(uptimePercent([])).toBeNull();
    expect(uptimePercent([{ up: 0, degraded: 0, down: 0 }])).toBeNull();
    expect(uptimePercent([{ up: 10, degraded: 0, down: 0 }])).toBe(100);
    expect(uptimePercent([{ up: 3, degraded: 1, down: 0 }])).toBe(100);
    expect(uptimePercent([{ up: 1, degraded: 0, down: 1 }])).toBe(50);
    expect(uptimePercent([{ up: 99_999, degraded: 0, down: 1 }])).toBe(99.99);
    expect(uptimePercent([{ up: 2, degraded: 0, down: 1 }, { up: 0, degraded: 0, down: 0 }])).toBe(66.66);
  });

  it('lays out 90 UTC days ending today, oldest first, with missing days as no data', () => {
    const today = new Date('2026-03-01T23:30:00Z');
    const days = lastDays(today);
    expect(days).toHaveLength(90);
    expect(days[89]).toBe('2026-03-01');
    expect(days[88]).toBe('2026-02-28');
    const bars = dailyBars(today, [{ day: '2026-02-28', up: 5, degraded: 0, down: 1 }]);
    expect(bars[88]).toEqual({ day: '2026-02-28', state: 'down' });
    expect(bars[89]).toEqual({ day: '2026-03-01', state: 'none' });
    expect(bars.filter((b) => b.state === 'none')).toHaveLength(89);
  });

  it('takes the worst current state, null when nothing was checked', () => {
    expect(worstState([])).toBeNull();
    expect(worstState([null, null])).toBeNull();
    expect(worstState(['up', null, 'degraded'])).toBe('degraded');
    expect(worstState(['up', 'down', 'degraded'])).toBe('down');
  });
});
