import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildServer, startConsole, type ConsoleProcess } from '../../reliability/processes';
import { createThrowawayDb, type Kind } from '../../reliability/support';

/**
 * Traces as an operator gets them: the real server (the bundle `npm start` runs) with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver of the test's own (JSON protocol).
 * A request's HTTP span arrives named after its route, with the database queries it ran as spans
 * under it in the same trace, and the log lines of that request carry its trace id. Without the
 * variable the server loads no OpenTelemetry module at all.
 */

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
}
interface OtlpExport {
  resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
}

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;
const attribute = (span: OtlpSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value.stringValue;

/** An OTLP/HTTP receiver: keeps every span POSTed to /v1/traces. */
async function otlpReceiver() {
  const spans: OtlpSpan[] = [];
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      if (req.method === 'POST' && req.url === '/v1/traces' && req.headers['content-type'] === 'application/json') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
        for (const rs of body.resourceSpans) for (const ss of rs.scopeSpans) spans.push(...ss.spans);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A preload (through NODE_OPTIONS) that writes, when the server exits, which CommonJS modules it
 * loaded: the OpenTelemetry packages are CommonJS, so an import of any of them lands in this cache.
 */
function loadedModulesProbe(dir: string) {
  const probe = path.join(dir, 'loaded-modules.cjs');
  const out = path.join(dir, 'loaded-modules.json');
  fs.writeFileSync(
    probe,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(Object.keys(require('node:module')._cache))));\n`,
  );
  return {
    env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require=${probe}`.trim() },
    /**
     * OpenTelemetry modules loaded, but its API: that no-op facade is loaded by prom-client (for
     * exemplars) whatever tracing does; the SDK, its exporters and instrumentations are tracing's.
     */
    openTelemetry: () =>
      (JSON.parse(fs.readFileSync(out, 'utf8')) as string[]).filter(
        (m) => m.includes(`${path.sep}@opentelemetry${path.sep}`) && !m.includes(`${path.sep}@opentelemetry${path.sep}api${path.sep}`),
      ),
  };
}

async function signIn(server: ConsoleProcess): Promise<string> {
  const res = await fetch(`${server.base}/users/user-login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

const LIST = '/pharmacy-category/pharmacy-category-list/';

async function listCategories(server: ConsoleProcess, token: string) {
  const res = await fetch(`${server.base}${LIST}?limit=5`, { headers: { 'access-token': token } });
  expect(res.status).toBe(200);
}

/** Waits for what is expected to arrive, as long as the test's own timeout allows. */
async function until<T>(find: () => T | undefined): Promise<T> {
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}

let bundle: Awaited<ReturnType<typeof buildServer>>;
beforeAll(async () => {
  bundle = await buildServer();
}, 120_000);
afterAll(() => bundle.remove());

describe.each<Kind>(['sqlite', 'postgres'])('traces on %s', (kind) => {
  it('exports a request span with its database spans beneath it, and logs carry the trace id', { timeout: 180_000 }, async () => {
    const receiver = await otlpReceiver();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-tracing-'));
    const probe = loadedModulesProbe(tmp);
    const database = kind === 'postgres' ? await createThrowawayDb() : undefined;
    let server: ConsoleProcess | undefined;
    try {
      server = await startConsole(bundle.file, {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        // Batches go out every 100 ms rather than every 5 s, so the test waits less.
        OTEL_BSP_SCHEDULE_DELAY: '100',
        LOG_LEVEL: 'info',
        DATABASE_URL: database?.url ?? '',
        ...probe.env,
      });
      const token = await signIn(server);
      await listCategories(server, token);

      const route = `/api${LIST}`;
      const request = await until(() =>
        receiver.spans.find(
          (s) => s.kind === SPAN_KIND_SERVER && attribute(s, 'http.route')?.replace(/\/$/, '') === route.replace(/\/$/, ''),
        ),
      );
      expect(request.name).toMatch(/^GET \/api\/pharmacy-category\/pharmacy-category-list\/?$/);
      expect(attribute(request, 'console.request_id')).toBeTruthy();
      const byId = () => new Map(receiver.spans.map((s) => [s.spanId, s]));
      const descends = (span: OtlpSpan, ancestor: OtlpSpan) => {
        const spans = byId();
        for (let s: OtlpSpan | undefined = span; s; s = s.parentSpanId ? spans.get(s.parentSpanId) : undefined)
          if (s.spanId === ancestor.spanId) return true;
        return false;
      };
      // The list's own query (the session lookup before it is one too).
      const query = await until(() =>
        receiver.spans.find(
          (s) =>
            s.kind === SPAN_KIND_CLIENT &&
            attribute(s, 'db.query.text')?.includes('"pharmacy_category"') &&
            s.traceId === request.traceId &&
            descends(s, request),
        ),
      );
      expect(query.name).toBe('SELECT');
      expect(attribute(query, 'db.system.name')).toBe(kind === 'postgres' ? 'postgresql' : 'sqlite');
      expect(attribute(query, 'db.query.text')).toMatch(/^select /i);

      // A get-one: on SQLite its row is read by a cached prepared statement outside Kysely
      // (server/db/compiled.ts), a database span all the same, under the request's.
      const created = await fetch(`${server.base}/pharmacy-category/pharmacy-category-create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'access-token': token },
        body: JSON.stringify({ pharmacy_category_code: 'T-1', pharmacy_category_name: 'Traced' }),
      });
      expect(created.status).toBe(201);
      const id = ((await created.json()) as { data: { pharmacy_category_id: number } }).data.pharmacy_category_id;
      const got = await fetch(`${server.base}/pharmacy-category/get-pharmacy-category/${id}`, { headers: { 'access-token': token } });
      expect(got.status).toBe(200);
      const getOne = await until(() =>
        receiver.spans.find(
          (s) => s.kind === SPAN_KIND_SERVER && attribute(s, 'http.route') === '/api/pharmacy-category/get-pharmacy-category/:id',
        ),
      );
      const read = await until(() =>
        receiver.spans.find(
          (s) =>
            s.kind === SPAN_KIND_CLIENT &&
            s.traceId === getOne.traceId &&
            /^select /i.test(attribute(s, 'db.query.text') ?? '') &&
            attribute(s, 'db.query.text')?.includes('"pharmacy_category"') &&
            descends(s, getOne),
        ),
      );
      expect(read.name).toBe('SELECT');
      expect(attribute(read, 'db.system.name')).toBe(kind === 'postgres' ? 'postgresql' : 'sqlite');

      // The request's own log line ("request completed", at LOG_LEVEL=info) carries its trace id and request id.
      const line = await until(() =>
        server!
          .output()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as { trace_id?: string; reqId?: string; msg?: string })
          .find((l) => l.trace_id === request.traceId && l.msg === 'request completed'),
      );
      expect(line.reqId).toBe(attribute(request, 'console.request_id'));
      expect(receiver.requests.every((r) => r.startsWith('POST /v1/traces'))).toBe(true);

      await server.stop();
      // The probe works: with tracing on, the SDK is among the loaded modules.
      expect(probe.openTelemetry().some((m) => m.includes('sdk-node'))).toBe(true);
    } finally {
      await server?.stop();
      await receiver.close();
      await database?.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

it('loads no OpenTelemetry module and exports nothing when OTEL_EXPORTER_OTLP_ENDPOINT is unset', { timeout: 180_000 }, async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'console-tracing-'));
  const probe = loadedModulesProbe(tmp);
  let server: ConsoleProcess | undefined;
  try {
    server = await startConsole(bundle.file, {
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
      LOG_LEVEL: 'info',
      ...probe.env,
    });
    const token = await signIn(server);
    await listCategories(server, token);
    const output = server.output();
    await server.stop();
    expect(probe.openTelemetry()).toEqual([]);
    // Its request lines are there, without a trace id.
    expect(output).toContain('"msg":"request completed"');
    expect(output).not.toContain('trace_id');
  } finally {
    await server?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
