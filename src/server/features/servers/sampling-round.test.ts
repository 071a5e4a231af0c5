import { describe, expect, it } from 'vitest';
import { samplingRound } from './server-maintenance';

const servers = (n: number, status = 'online') => Array.from({ length: n }, (_, i) => ({ id: `s${String(i).padStart(4, '0')}`, status }));

describe('the sampler’s round on a panel with a rate budget', () => {
  it('takes every server when there is no budget, or room for all', () => {
    expect(samplingRound(servers(5), undefined, 0)).toHaveLength(5);
    expect(samplingRound(servers(5), 10, 3)).toHaveLength(5);
  });

  it('takes at most its share a minute, and every server comes round in turn', () => {
    const all = servers(2000);
    const seen = new Set<string>();
    for (let minute = 0; minute < 7; minute += 1) {
      const round = samplingRound(all, 288, 1_000_000 + minute);
      expect(round).toHaveLength(288);
      for (const s of round) seen.add(s.id);
    }
    expect(seen.size).toBe(2000);
  });

  it('puts servers mid-transition first, within the share', () => {
    const round = samplingRound([...servers(100), { id: 'zz-moving', status: 'starting' }], 10, 4);
    expect(round[0]).toMatchObject({ id: 'zz-moving' });
    expect(round).toHaveLength(10);
  });
});
