import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultBrand } from '../../../../../shared/brand';
import type { HomeSeriesPoint } from '../../../../../shared/schemas/admin/home';
import { primeBrand } from '../../../../lib/brand';
import RevenueChart, { revenueColors } from './revenue-chart';

const drawn = vi.hoisted(() => [] as { series: { label?: string; stroke?: string; fill?: string }[] }[]);

vi.mock('uplot', () => {
  class FakePlot {
    static tzDate = (date: Date) => date;
    constructor(options: { series: { label?: string; stroke?: string; fill?: string }[] }) {
      drawn.push(options);
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot };
});
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

afterEach(() => {
  drawn.length = 0;
  primeBrand(defaultBrand);
});

const series: HomeSeriesPoint[] = [{ day: '2030-01-01', revenueCents: 1400, refundsCents: 0 }];

describe('RevenueChart', () => {
  it("draws revenue in the shop's primary colour, and again when staff save another", async () => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      disconnect() {}
      unobserve() {}
    };
    primeBrand({ ...defaultBrand, primaryColor: '#38bdf8' });
    render(<RevenueChart series={series} currency="eur" />);
    await waitFor(() => expect(drawn).toHaveLength(1));
    expect(drawn[0]!.series[1]).toMatchObject({ label: 'Revenue', stroke: '#38bdf8', fill: '#38bdf81f' });
    primeBrand({ ...defaultBrand, primaryColor: '#f59e0b' });
    await waitFor(() => expect(drawn.at(-1)!.series[1]).toMatchObject({ stroke: '#f59e0b', fill: '#f59e0b1f' }));
  });

  it('gives the area the colour at about 12%', () => {
    expect(revenueColors('#4ade80')).toEqual({ stroke: '#4ade80', fill: '#4ade801f' });
  });
});
