import type { Dialect } from '../db/database';

/**
 * What the server asks of tracing, filled in by `tracing.ts` only once the OpenTelemetry SDK has
 * started (OTEL_EXPORTER_OTLP_ENDPOINT set). This file imports nothing of OpenTelemetry, so that a
 * server without tracing loads none of it: every caller checks `tracingHooks.current` first and
 * costs one property read when it is unset.
 */
export interface TraceHooks {
  /** Fields for each log line written while a span is active (pino's mixin): `trace_id`, `span_id`. */
  logFields: () => { trace_id?: string; span_id?: string };
  /** Names the request's HTTP span after its route pattern and tags it with Fastify's request id. */
  routeFound: (method: string, route: string, requestId: string) => void;
  /** One database query that has just finished, inside a traced request: a span under the request's. */
  queryDone: (sql: string, durationMs: number, failed: boolean, dialect: Dialect) => void;
}

export const tracingHooks: { current?: TraceHooks } = {};
