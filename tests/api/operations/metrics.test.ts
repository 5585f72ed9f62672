import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainHead } from '../../../server/modules/audit/witness';
import { DATABASES, startServer, type Kind, type TestServer } from '../harness';

const TOKEN = 'metrics-test-token-0123456789';
const ROUTE = '/api/pharmacy-category/pharmacy-category';

/**
 * `GET /api/metrics`: a scrape parsed by a Prometheus text-format parser holds the requests by
 * route pattern and status, database time, the database's own gauges, the audit chain's last id,
 * the due-notice lag and Node's event-loop delay and memory; a scrape from elsewhere without the
 * token, with a wrong one, or forwarded by a proxy on this machine, is refused.
 */
describe.each(DATABASES)('metrics on %s', (kind: Kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { config: { metricsToken: TOKEN } });
  });
  afterAll(async () => {
    await s.close();
  });

  const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress, headers });
  /**
   * A labelled histogram's `_count` or `_sum` series as a family of its own: the parser reads a
   * histogram's buckets but folds every label set into one and drops labelled counts and sums, so
   * those lines are handed to it alone (without the histogram's TYPE line), as an untyped family.
   */
  const series = (text: string, name: string) =>
    parsePrometheusTextFormat(
      text
        .split('\n')
        .filter((l) => l.startsWith(`${name}{`))
        .join('\n') + '\n',
    )[0]?.metrics ?? [];
  const family = (families: MetricFamily[], name: string) => {
    const found = families.find((f) => f.name === name);
    if (!found) throw new Error(`no ${name} in the scrape: ${families.map((f) => f.name).join(', ')}`);
    return found;
  };

  it('answers a loopback scrape that a Prometheus parser reads, with requests by route pattern and status', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await s.call('POST', `${ROUTE}-create`, {
        body: { pharmacy_category_code: `M-${i}`, pharmacy_category_name: `Metric ${i}` },
      });
      expect(res.statusCode).toBe(201);
      ids.push((res.json().data as { pharmacy_category_id: number }).pharmacy_category_id);
    }
    for (const id of ids)
      expect((await s.call('PUT', `${ROUTE}-update/${id}`, { body: { pharmacy_category_name: `Renamed ${id}` } })).statusCode).toBe(200);
    expect((await s.call('PUT', `${ROUTE}-update/999999`, { body: { pharmacy_category_name: 'Nobody' } })).statusCode).toBe(404);

    const res = await scrape('127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const families = parsePrometheusTextFormat(res.body);

    const requests = family(families, 'console_http_request_duration_seconds');
    expect(requests.type).toBe('HISTOGRAM');
    expect(requests.help).toContain('HTTP requests');
    const counts = series(res.body, 'console_http_request_duration_seconds_count');
    const sums = series(res.body, 'console_http_request_duration_seconds_sum');
    const updates = (of: typeof counts, status: string) =>
      of.find((m) => m.labels?.route === `${ROUTE}-update/:id` && m.labels.method === 'PUT' && m.labels.status_code === status)?.value;
    expect(updates(counts, '200')).toBe('3');
    expect(updates(counts, '404')).toBe('1');
    expect(Number(updates(sums, '200'))).toBeGreaterThan(0);
    // The pattern, never the raw URL: no label names a record id.
    expect(counts.some((m) => /update\/\d/.test(m.labels?.route ?? ''))).toBe(false);

    expect(family(families, 'console_db_query_duration_seconds').type).toBe('HISTOGRAM');
    const queries = series(res.body, 'console_db_query_duration_seconds_count');
    expect(Number(queries.find((m) => m.labels?.outcome === 'ok')?.value)).toBeGreaterThan(0);
    const head = await chainHead(s.app.ctx.conn.db);
    expect(family(families, 'console_audit_last_entry_id').metrics[0]?.value).toBe(String(head?.id));
    expect(family(families, 'console_due_notice_lag_seconds').metrics[0]?.value).toBe('0');
    expect(Number(family(families, 'console_open_sockets').metrics[0]?.value)).toBeGreaterThanOrEqual(0);
    if (kind === 'sqlite') expect(Number(family(families, 'console_sqlite_wal_bytes').metrics[0]?.value)).toBeGreaterThan(0);
    else {
      expect(
        family(families, 'console_db_pool_connections')
          .metrics.map((m) => m.labels?.state)
          .sort(),
      ).toEqual(['busy', 'idle']);
      expect(family(families, 'console_db_pool_waiting').metrics[0]?.value).toBe('0');
    }
    expect(family(families, 'nodejs_eventloop_lag_p99_seconds').type).toBe('GAUGE');
    expect(Number(family(families, 'process_resident_memory_bytes').metrics[0]?.value)).toBeGreaterThan(0);
  });

  it('counts in the database time the reads answered by prepared statements (a get-one), and requests no route matched', async () => {
    const created = await s.call('POST', `${ROUTE}-create`, {
      body: { pharmacy_category_code: 'M-GET', pharmacy_category_name: 'Read by id' },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json().data as { pharmacy_category_id: number }).pharmacy_category_id;
    const okQueries = async () => {
      const res = await scrape('127.0.0.1');
      expect(res.statusCode).toBe(200);
      const ok = series(res.body, 'console_db_query_duration_seconds_count').find((m) => m.labels?.outcome === 'ok');
      return { count: Number(ok?.value), body: res.body };
    };
    const before = await okQueries();
    const READS = 20;
    // On SQLite a get-one is read by a cached prepared statement outside Kysely (server/db/compiled.ts).
    for (let i = 0; i < READS; i++)
      expect((await s.call('GET', `/api/pharmacy-category/get-pharmacy-category/${id}`)).statusCode).toBe(200);
    expect((await s.app.inject({ method: 'GET', url: '/api/no-such-thing/at-all', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    const after = await okQueries();
    // Each read is at least one query (its session's lookup may be another); a scrape adds a few of its own.
    expect(after.count - before.count).toBeGreaterThanOrEqual(READS);
    const counts = series(after.body, 'console_http_request_duration_seconds_count');
    expect(
      counts.find((m) => m.labels?.route === '/api/pharmacy-category/get-pharmacy-category/:id' && m.labels.status_code === '200')?.value,
    ).toBe(String(READS));
    expect(counts.find((m) => m.labels?.route === 'unmatched' && m.labels.status_code === '404')?.value).toBe('1');
  });

  it('refuses a scrape from elsewhere without the token, with a wrong one, or forwarded through a local proxy', async () => {
    for (const res of [
      await scrape('203.0.113.7'),
      await scrape('203.0.113.7', { authorization: 'Bearer wrong-token' }),
      await scrape('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 0, message: 'Metrics are served only with the metrics token or from this machine' });
      expect(res.body).not.toContain('console_http_request_duration_seconds');
    }
    const withToken = await scrape('203.0.113.7', { authorization: `Bearer ${TOKEN}` });
    expect(withToken.statusCode).toBe(200);
    expect(parsePrometheusTextFormat(withToken.body).length).toBeGreaterThan(10);
  });
});

describe('metrics with METRICS_LOOPBACK=0 and with METRICS=0', () => {
  it('refuses loopback without the token, and has no route at all when off', async () => {
    const strict = await startServer('sqlite', { config: { metricsLoopback: false } });
    const off = await startServer('sqlite', { config: { metrics: false } });
    try {
      expect((await strict.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(403);
      expect((await off.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    } finally {
      await strict.close();
      await off.close();
    }
  });
});
