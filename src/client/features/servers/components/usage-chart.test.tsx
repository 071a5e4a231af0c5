import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatPercent } from '../format';
import { chartPoints, chartSummary, UsageChart } from './usage-chart';

describe('the usage chart', () => {
  it('summarises min, max and the current value', () => {
    expect(chartSummary({ label: 'CPU', values: [12, 3, 45.4, 20], format: formatPercent })).toBe(
      'CPU over the last hour: min 3%, max 45%, now 20%',
    );
    expect(chartSummary({ label: 'RAM', values: [1024 ** 3, 512 * 1024 ** 2], format: formatBytes })).toBe(
      'RAM over the last hour: min 512 MB, max 1 GB, now 512 MB',
    );
  });

  it('says when there is no data yet, ignoring values that are not numbers', () => {
    expect(chartSummary({ label: 'CPU', values: [], format: formatPercent })).toBe('CPU over the last hour: no data yet');
    expect(chartSummary({ label: 'CPU', values: [Number.NaN, 7], format: formatPercent })).toBe(
      'CPU over the last hour: min 7%, max 7%, now 7%',
    );
  });

  it('scales points against the ceiling, 0 at the bottom', () => {
    expect(chartPoints([0, 50, 100], 100, 40, 200)).toBe('0,40 50,30 100,20');
    expect(chartPoints([0, 10], 100, 40)).toBe('0,40 100,0');
    expect(chartPoints([], 100, 40)).toBe('');
  });

  it('renders an image whose accessible name is the summary', () => {
    render(<UsageChart label="CPU" values={[5, 10, 15]} ceiling={200} format={formatPercent} />);
    const chart = screen.getByRole('img', { name: 'CPU over the last hour: min 5%, max 15%, now 15%' });
    expect(chart.querySelector('polyline')).toHaveAttribute('points', '0,39 80,38 160,37');
  });
});
