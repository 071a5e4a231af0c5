import { useId } from 'react';
import { translate, useT } from '../../../lib/i18n';

export interface ChartSummaryInput {
  label: string;
  values: number[];
  format: (value: number) => string;
}

/** What a screen reader hears instead of the line: "CPU over the last hour: min 2%, max 40%, now 12%". */
export function chartSummary({ label, values, format }: ChartSummaryInput): string {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return translate('chart.noData', { label });
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const now = finite[finite.length - 1]!;
  return translate('chart.summary', { label, min: format(min), max: format(max), now: format(now) });
}

/** SVG polyline points for the values, scaled into width × height with 0 at the bottom. */
export function chartPoints(values: number[], width: number, height: number, ceiling?: number): string {
  const finite = values.map((v) => (Number.isFinite(v) ? Math.max(0, v) : 0));
  if (finite.length === 0) return '';
  const top = Math.max(ceiling ?? 0, ...finite) || 1;
  const step = finite.length > 1 ? width / (finite.length - 1) : 0;
  return finite
    .map((v, i) => {
      const x = finite.length > 1 ? i * step : width / 2;
      const y = height - (v / top) * height;
      return `${Number(x.toFixed(1))},${Number(y.toFixed(1))}`;
    })
    .join(' ');
}

const width = 160;
const height = 40;

/** A small line chart without a chart library: one polyline, an area under it, a summary for screen readers. */
export function UsageChart({
  label,
  values,
  format,
  ceiling,
  tone = 'accent',
}: ChartSummaryInput & { ceiling?: number; tone?: 'accent' | 'violet' }) {
  const t = useT();
  const gradientId = `chart-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const points = chartPoints(values, width, height, ceiling);
  const stroke = tone === 'accent' ? 'var(--color-accent)' : 'var(--color-violet)';
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-xs text-muted">{t('chart.lastHour', { label })}</figcaption>
      <svg
        role="img"
        aria-label={chartSummary({ label, values, format })}
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-10 w-full rounded-md bg-bg/60"
      >
        <defs>
          <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor={stroke} stopOpacity="0.35" />
            <stop offset="100%" stopColor={stroke} stopOpacity="0" />
          </linearGradient>
        </defs>
        {values.length > 1 && (
          <>
            <polygon points={`0,${height} ${points} ${width},${height}`} fill={`url(#${gradientId})`} />
            <polyline points={points} fill="none" stroke={stroke} strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
          </>
        )}
      </svg>
    </figure>
  );
}
