import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { Dialect } from '../db/database';
import { tracingHooks } from './trace-hooks';

/**
 * Traces (OpenTelemetry), on only when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT,
 * or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and OTEL_SDK_DISABLED is not `true`. Off, this file is all
 * the server holds of it: the SDK is imported here dynamically (never at the top of a file, which
 * the server's bundle would hoist into every start), and `tracingHooks.current` stays unset.
 *
 * On: every HTTP request is a server span (instrumentation-http), named after its route pattern
 * with the request id on it (trace-requests.ts); every database query run inside a request is a
 * client span under it, with the SQL text (placeholders only, never the values), made from the
 * per-query hook in server/db/connect.ts, the same on SQLite and PostgreSQL; log lines written during a
 * request carry `trace_id` and `span_id`. Spans go out in batches over OTLP, by default HTTP with
 * protobuf (OTEL_EXPORTER_OTLP_PROTOCOL=http/json for JSON); the standard OTEL_* variables
 * (service name, sampler, batch sizes, headers) apply. Only traces: metrics are /api/metrics'.
 */
export const tracingWanted = (env: NodeJS.ProcessEnv = process.env): boolean =>
  // An empty variable counts as unset, as everywhere in the server's configuration.
  [env.OTEL_EXPORTER_OTLP_ENDPOINT, env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT].some((v) => v !== undefined && v.trim() !== '') &&
  env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true';

export interface Tracing {
  /** Sends the spans still buffered; called at shutdown. */
  shutdown(): Promise<void>;
}

const DB_SYSTEM: Record<Dialect, string> = { postgres: 'postgresql', sqlite: 'sqlite' };

/** Starts the SDK; call it before the server is built and listens. */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<Tracing> {
  const [{ NodeSDK }, { HttpInstrumentation }, api] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/api'),
  ]);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? 'hospital-console',
    // Incoming requests only: the server's own outgoing HTTP (OIDC discovery) goes through fetch anyway.
    instrumentations: [new HttpInstrumentation({ disableOutgoingRequestInstrumentation: true })],
    // Traces only: without these the SDK would also export metrics and logs to the endpoint by default.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  // The instrumentation patches `http` when it is next required; Fastify required it before this ran
  // (main.ts imports it statically), so require it once more. It patches http.Server.prototype.emit,
  // shared by every server however it was imported.
  createRequire(import.meta.url)('http');

  const tracer = api.trace.getTracer('hospital-console');
  const activeSpan = () => api.trace.getSpan(api.context.active());
  tracingHooks.current = {
    logFields: () => {
      const span = activeSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    routeFound: (method, route, requestId) => {
      const span = activeSpan();
      if (!span) return;
      span.updateName(`${method} ${route}`);
      span.setAttributes({ 'http.route': route, 'console.request_id': requestId });
    },
    queryDone: (sql, durationMs, failed, dialect) => {
      // Queries outside a request (start-up, timers) would each be a trace of one span: left out.
      const parent = api.context.active();
      if (!api.trace.getSpan(parent)) return;
      const end = performance.now();
      const operation = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY';
      const span = tracer.startSpan(
        operation,
        {
          kind: api.SpanKind.CLIENT,
          startTime: end - durationMs,
          attributes: { 'db.system.name': DB_SYSTEM[dialect], 'db.operation.name': operation, 'db.query.text': sql },
        },
        parent,
      );
      if (failed) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end(end);
    },
  };
  return {
    async shutdown() {
      tracingHooks.current = undefined;
      await sdk.shutdown();
    },
  };
}
