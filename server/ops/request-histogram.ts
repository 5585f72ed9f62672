/**
 * The requests' latency histogram, counted by hand and written in the Prometheus text format at
 * scrape time. prom-client's `Histogram.observe` checks and hashes the labels on every observation
 * (~1-4 µs here, measured in bench/OBSERVABILITY.md), a share a by-id read of ~25 µs would feel;
 * this one finds its series by one string key and bumps a few numbers.
 */
interface Series {
  labels: string;
  buckets: Float64Array;
  sum: number;
  count: number;
}

const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export function requestHistogram(name: string, help: string, bounds: readonly number[]) {
  const series = new Map<string, Series>();
  return {
    observe(method: string, route: string, status: number, seconds: number): void {
      const key = `${method} ${status} ${route}`;
      let s = series.get(key);
      if (!s) {
        const labels = `method="${escape(method)}",route="${escape(route)}",status_code="${status}"`;
        series.set(key, (s = { labels, buckets: new Float64Array(bounds.length), sum: 0, count: 0 }));
      }
      // Cumulative buckets are summed at scrape time: one increment per observation here.
      const bucket = bounds.findIndex((le) => seconds <= le);
      if (bucket >= 0) s.buckets[bucket] = (s.buckets[bucket] ?? 0) + 1;
      s.sum += seconds;
      s.count++;
    },
    text(): string {
      const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} histogram`];
      for (const s of series.values()) {
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
