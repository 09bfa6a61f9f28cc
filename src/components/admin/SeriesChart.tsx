/**
 * The dashboard's time-series chart of impressions and clicks (uPlot, loaded on first use so
 * only this page pays for it). The canvas has an accessible name (role="img" + aria-label);
 * the same figures are always in the table fallback beside it.
 */
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef, useState } from 'react';
import type { HistoryPoint } from '../../ads/core/tracker.ts';

export type SeriesChartProps = {
  series: HistoryPoint[];
  label: string;
  names: { impressions: string; clicks: string };
  loadError: string;
  formatTime: (ms: number) => string;
  formatInt: (n: number) => string;
};

/** Labels with each run of equal labels shown once (the first), the rest blank. */
export function distinctLabels(labels: string[]): string[] {
  return labels.map((label, i) => (i > 0 && labels[i - 1] === label ? '' : label));
}

export function SeriesChart({ series, label, names, loadError, formatTime, formatInt }: SeriesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let plot: { destroy(): void; setSize(s: { width: number; height: number }): void } | undefined;
    let live = true;
    let observer: ResizeObserver | undefined;
    import('uplot')
      .then(({ default: UPlot }) => {
        const el = box.current;
        if (!live || !el) return;
        const width = Math.max(240, el.clientWidth);
        const styles = getComputedStyle(document.documentElement);
        const primary = styles.getPropertyValue('--color-primary').trim() || '#0f766e';
        const accent = styles.getPropertyValue('--color-accent').trim() || '#b45309';
        plot = new UPlot(
          {
            width,
            height: 240,
            scales: { x: { time: true } },
            axes: [
              // A tick whose label repeats the one before (a day-only label on 12-hour ticks)
              // is left blank: each day is named once.
              { values: (_u, ticks) => distinctLabels(ticks.map((t) => formatTime(t * 1000))) },
              { values: (_u, ticks) => ticks.map((t) => formatInt(t)) },
            ],
            series: [
              { value: (_u, v) => (v == null ? '' : formatTime(v * 1000)) },
              {
                label: names.impressions,
                stroke: primary,
                width: 2,
                value: (_u, v) => (v == null ? '' : formatInt(v)),
              },
              {
                label: names.clicks,
                stroke: accent,
                width: 2,
                dash: [6, 4],
                value: (_u, v) => (v == null ? '' : formatInt(v)),
              },
            ],
          },
          [series.map((p) => p.start / 1000), series.map((p) => p.impressions), series.map((p) => p.clicks)],
          el,
        );
        observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(240, el.clientWidth), height: 240 }));
        observer.observe(el);
      })
      .catch((err) => {
        console.warn('Chart could not be loaded', err);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [series, names.impressions, names.clicks, formatTime, formatInt]);

  return (
    <div>
      <div ref={box} role="img" aria-label={label} data-chart="" className="min-h-[280px] w-full overflow-hidden" />
      {failed && (
        <p role="status" className="text-sm text-muted">
          {loadError}
        </p>
      )}
    </div>
  );
}
