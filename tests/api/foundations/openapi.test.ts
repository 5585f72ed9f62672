import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { actionPath, actionsOf, METHOD, registry, takesId } from '../../../resources';
import { startServer, type TestServer } from '../harness';

/** The OpenAPI document at /api/docs is valid and documents every contract path with its schema. */
describe('OpenAPI documentation', () => {
  let s: TestServer;
  let doc: {
    openapi: string;
    servers: { url: string }[];
    paths: Record<
      string,
      Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown; responses: Record<string, unknown> }>
    >;
  };
  beforeAll(async () => {
    s = await startServer('sqlite', { seed: false });
    const res = await s.call('GET', '/api/docs/json', { token: null });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => s?.close());

  it('validates as OpenAPI 3', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.servers).toEqual([{ url: '/api' }]);
  });

  it('lists every generated contract path, as the contract spells it, with its schemas', () => {
    // Descriptors whose routes a feature module writes (users) are checked below, as modules spell them.
    for (const d of registry.all.filter((r) => !r.moduleRoutes)) {
      for (const action of actionsOf(d)) {
        const p = actionPath(d, action) + (takesId(action) ? '/{id}' : action === 'list' ? '/' : '');
        const op = doc.paths[p]?.[METHOD[action].toLowerCase()];
        expect(op, `${METHOD[action]} ${p}`).toBeDefined();
        expect(Object.keys(op!.responses)).toContain(action === 'create' ? '201' : '200');
        if (action === 'list')
          expect(op!.parameters?.map((x) => x.name)).toEqual(expect.arrayContaining(['status', 'search', 'page', 'limit']));
        if (action === 'create' || action === 'update') expect(op!.requestBody).toBeDefined();
      }
    }
    const medicine = doc.paths['/medicine/medicine-create']!.post!.requestBody as {
      content: Record<string, { schema: { properties: Record<string, { minimum?: number }> } }>;
    };
    expect(Object.keys(medicine.content)).toEqual(['application/json', 'multipart/form-data']);
    expect(medicine.content['application/json']!.schema.properties.medicine_purchase_price!.minimum).toBe(0);
  });

  it('lists the contract paths of descriptors whose routes a module writes', () => {
    const paths = new Set(Object.keys(doc.paths).map((p) => p.replace(/\/$/, '')));
    for (const d of registry.all.filter((r) => r.moduleRoutes)) {
      for (const action of actionsOf(d)) {
        const p = actionPath(d, action) + (takesId(action) ? '/{id}' : '');
        expect(paths.has(p), p).toBe(true);
      }
    }
  });

  it('lists the hand-written sign-in and session routes', () => {
    const paths = Object.keys(doc.paths).map((p) => p.replace(/\/$/, ''));
    for (const p of ['/users/user-login', '/users/get-auth-user', '/users/user-logout', '/menu/menu-list-permission', '/server-time']) {
      expect(paths).toContain(p);
    }
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/docs') || p.startsWith('/uploads'))).toBe(false);
  });

  it('serves the documentation page and its assets from this server only', async () => {
    const page = await s.call('GET', '/api/docs/', { token: null });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const urls = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((u) => /^(https?:)?\/\//.test(u))).toEqual([]);
    const script = urls.find((u) => u.endsWith('.js'))!;
    const asset = await s.call('GET', new URL(script, 'http://localhost/api/docs/').pathname, { token: null });
    expect(asset.statusCode).toBe(200);
  });
});
