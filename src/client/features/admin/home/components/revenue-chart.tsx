import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { HomeSeriesPoint } from '../../../../../shared/schemas/admin/home';
import { currencyDigits } from '../../../../../shared/currency';
import { formatMoney } from '../../../../../shared/money';
import { useBrand } from '../../../../lib/brand';

/**
 * The revenue line and its area in the shop's primary colour (Settings → Brand), read from the
 * brand itself rather than the stylesheet so a save redraws the chart. The area is the colour at
 * about 12% (`1f` of `ff`), over whatever panel the chart sits on.
 */
export function revenueColors(primary: string): { stroke: string; fill: string } {
  return { stroke: primary, fill: `${primary}1f` };
}

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * The 90-day revenue and refunds chart, drawn with uPlot. This module is imported lazily by the staff
 * home, and uPlot (with its CSS) is imported lazily again here, so neither reaches the public pages.
 * The canvas is hidden from assistive technology: the page gives the same numbers as text and a table.
 */
export default function RevenueChart({ series, currency }: { series: HomeSeriesPoint[]; currency: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { primaryColor } = useBrand();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    void (async () => {
      try {
        const [{ default: UPlot }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]);
        if (cancelled) return;
        const x = series.map((p) => Date.parse(`${p.day}T00:00:00Z`) / 1000);
        // Plotted in the currency's major unit: 100 cents a euro, 1 yen a yen.
        const unit = 10 ** currencyDigits(currency);
        const formatPrice = (minor: number) => formatMoney(minor, currency);
        const revenue = series.map((p) => p.revenueCents / unit);
        const refunds = series.map((p) => p.refundsCents / unit);
        const muted = cssColor('--color-muted', '#a3b0c7');
        const colors = revenueColors(primaryColor);
        const grid = { stroke: cssColor('--color-line', '#26324a'), width: 1 };
        const money = (_u: uPlot, values: number[]) => values.map((v) => formatPrice(Math.round(v * unit)));
        plot = new UPlot(
          {
            width: el.clientWidth || 600,
            height: 260,
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
            legend: { show: true },
            cursor: { drag: { x: false, y: false } },
            scales: { x: { time: true } },
            axes: [
              { stroke: muted, grid, ticks: grid },
              { stroke: muted, grid, ticks: grid, values: money, size: 70 },
            ],
            series: [
              {},
              { label: 'Revenue', stroke: colors.stroke, width: 2, fill: colors.fill, value: (_u, v) => (v == null ? '—' : formatPrice(Math.round(v * unit))) },
              { label: 'Refunds', stroke: cssColor('--color-danger', '#f87171'), width: 2, value: (_u, v) => (v == null ? '—' : formatPrice(Math.round(v * unit))) },
            ],
          },
          [x, revenue, refunds],
          el,
        );
        observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height: 260 }));
        observer.observe(el);
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [series, currency, primaryColor]);

  if (failed) return <p className="text-sm text-muted">The chart could not be drawn here; the table below has the same numbers.</p>;
  return <div ref={box} aria-hidden="true" className="min-h-[300px] w-full text-xs text-muted" data-testid="revenue-chart" />;
}
