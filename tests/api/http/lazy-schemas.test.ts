import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';

/**
 * server/http/lazy-schemas.ts: each route compiles its schemas on its first request. A route's very
 * first request must be checked and answered exactly as before (Ajv's errors reach Fastify), and
 * every schema must still compile: a broken one would otherwise fail only on its route's first
 * request, so the suite compiles them all.
 */
describe("schemas compiled on a route's first request", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite');
  });
  afterAll(async () => {
    await s.close();
  });

  it("reports a body's schema errors on the route's first request, per field", async () => {
    // Not called before in this server: its body schema compiles now.
    const res = await s.call('POST', '/api/reset-password-verify/', { body: { email: 42 }, token: null });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      status: 0,
      message: 'Enter a valid e-mail address',
      data: null,
      // Ajv's own message (coerced to "42", then too short), after its field as every refusal
      // words it (server/http/validation.ts): its errors reached Fastify.
      errors: { email: 'email must NOT have fewer than 3 characters' },
    });
  });

  it('compiles every route schema without an error', () => {
    expect(s.compileSchemas()).toBeGreaterThan(20);
  });
});
