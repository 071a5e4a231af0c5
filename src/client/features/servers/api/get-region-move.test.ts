import { describe, expect, it } from 'vitest';
import { moveRefetchInterval, type RegionMoveView } from './get-region-move';

const move = (status: RegionMoveView['status']) => ({ status }) as RegionMoveView;

describe('how often an open move is asked about', () => {
  it('backs off to 15 s while the payment is being confirmed, as the sweep settles it minutes apart', () => {
    expect(moveRefetchInterval(true, move('charging'))).toBe(15_000);
    expect(moveRefetchInterval(false, move('charging'))).toBe(15_000);
  });
  it('polls every 2 s while a move runs or the dialog watches one start, and not at all otherwise', () => {
    expect(moveRefetchInterval(false, move('running'))).toBe(2_000);
    expect(moveRefetchInterval(true, null)).toBe(2_000);
    expect(moveRefetchInterval(false, null)).toBe(false);
  });
});
