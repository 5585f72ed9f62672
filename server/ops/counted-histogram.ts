/**
 * A histogram counted by hand and written in the Prometheus text format at scrape time, for what
 * is observed on every request (the requests' latency, each query's time). prom-client's
 * `Histogram.observe` checks and hashes the labels on every observation (~1-4 µs here, measured in
 * bench/OBSERVABILITY.md), a share a by-id read of ~25 µs would feel. Here a caller takes its series
 * once (per route and status, per query outcome) and an observation bumps a few numbers.
 */
export interface HistogramSeries {
  observe(seconds: number): void;
}

const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** A label set in the text format's own spelling: `name="value",…`, values escaped. */
export const labelText = (labels: Record<string, string | number>): string =>
  Object.entries(labels)
    .map(([k, v]) => `${k}="${escape(String(v))}"`)
    .join(',');

export function countedHistogram(name: string, help: string, bounds: readonly number[]) {
  const all: { labels: string; buckets: Float64Array; sum: number; count: number }[] = [];
  const last = bounds.length;
  return {
    /** A series of its own for these labels (`labelText`): take it once, observe it often. */
    series(labels: string): HistogramSeries {
      // One slot per bound and one past the last (+Inf); cumulated at scrape time.
      const s = { labels, buckets: new Float64Array(last + 1), sum: 0, count: 0 };
      all.push(s);
      return {
        observe(seconds) {
          let i = 0;
          while (i < last && seconds > (bounds[i] ?? Infinity)) i++;
          s.buckets[i] = (s.buckets[i] ?? 0) + 1;
          s.sum += seconds;
          s.count++;
        },
      };
    },
    text(): string {
      const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} histogram`];
      for (const s of all) {
        let cumulative = 0;
        bounds.forEach((le, i) => {
          cumulative += s.buckets[i] ?? 0;
          lines.push(`${name}_bucket{le="${le}",${s.labels}} ${cumulative}`);
        });
        lines.push(
          `${name}_bucket{le="+Inf",${s.labels}} ${s.count}`,
          `${name}_sum{${s.labels}} ${s.sum}`,
          `${name}_count{${s.labels}} ${s.count}`,
        );
      }
      return `${lines.join('\n')}\n`;
    },
  };
}
