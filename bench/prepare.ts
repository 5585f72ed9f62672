import * as h from './harness';

/**
 * Seeds (or finds, with BENCH_CACHE) the data set of BENCH_ROWS medicines on BENCH_DB
 * (sqlite | postgres) and prints what it holds. With BENCH_CACHE set, later bench runs reuse it.
 */
const kind = (h.env.BENCH_DB ?? 'sqlite') as h.Kind;
const data = await h.prepareScaleData(kind, h.ROWS);
console.log(
  `${kind}: ${h.n0(data.n)} medicines in ${data.databaseUrl ?? data.dir} (${data.reused ? 'reused' : `seeded in ${(data.seedMs / 1000).toFixed(1)} s`}), "${h.TERM}" matches ${data.hits}`,
);
if (!h.env.BENCH_CACHE) await data.cleanup();
