import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A CSS colour. */
  stroke: string;
}

/**
 * A time series chart (uPlot, loaded with the report pages only): the groups' labels along the bottom, the
 * series' amounts up the side (formatted by `format`), as wide as its box — it redraws when the box changes size,
 * so a phone keeps its axes. The numbers themselves are in the table beside it (also what screen readers read).
 */
export function SalesChart({
  labels,
  series,
  format,
  title,
}: {
  labels: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  title: string;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || labels.length === 0) return undefined;
    const xs = labels.map((_, i) => i);
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 240),
      height: 260,
      legend: { show: true },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: false } },
      axes: [
        {
          values: (_, ticks) => ticks.map((tick) => labels[Math.round(tick)] ?? ''),
          space: 70,
        },
        { values: (_, ticks) => ticks.map((tick) => format(tick)), size: 90 },
      ],
      series: [
        { label: '', value: (_, i) => (i == null ? '' : (labels[Math.round(i)] ?? '')) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.stroke,
          width: 2,
          value: (_: uPlot, v: number | null) => (v == null ? '' : format(v)),
        })),
      ],
    };
    const chart = new uPlot(options, [xs, ...series.map((s) => s.values)], element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 240), height: 260 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, series, format]);

  return <div ref={box} role="img" aria-label={title} className="w-full overflow-hidden" data-testid="sales-chart" />;
}
