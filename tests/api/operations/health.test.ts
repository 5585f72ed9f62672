import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness';

/** `GET /api/health` for load balancers: public, in the envelope, documented as public. */
describe('GET /api/health (SQLite)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer('sqlite', { seed: false });
  });
  afterAll(async () => {
    await s.close();
  });

  it('answers 200 without a token while the database answers, Redis not configured', async () => {
    const res = await s.call('GET', '/api/health', { token: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 1, message: 'Ready', data: { database: 'up', redis: 'not configured' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is in the OpenAPI document as a public operation (security: [])', async () => {
    const doc = (await s.call('GET', '/api/docs/json', { token: null })).json<{
      paths: Record<string, { get?: { security?: unknown[]; responses: Record<string, unknown> } }>;
    }>();
    const op = doc.paths['/health']?.get;
    expect(op?.security).toEqual([]);
    expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['200', '503']));
  });
});
