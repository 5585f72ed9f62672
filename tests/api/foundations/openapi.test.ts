import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startServer, type TestServer } from '../harness';
import { distinctCalls, SPEC_CALLS, SPEC_FILES } from '../../fixtures/spec-calls';
import type { DataProvider } from 'react-admin';
import { createDataProvider, type HttpClient } from '../../../dataProvider';
import type { BulkMethods } from '../../../dataProvider/bulk';
import type { NotificationMethods } from '../../../dataProvider/notifications';
import { actionsOf, registry } from '../../../resources';
import { bulkActionsOf } from '../../../resources/bulk';

/** The specification beside this repository (absent from a clone of the repository alone). */
const specDir = path.resolve(import.meta.dirname, '../../../../shared/spec');
const SPEC_DIR = SPEC_FILES.every((f) => fs.existsSync(path.join(specDir, f))) ? specDir : undefined;

interface Operation {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

/**
 * The OpenAPI document at /api/docs is valid, documents every call of the specification's call
 * tables, and says of each operation its id, who may call it and what it can refuse.
 */
describe('OpenAPI documentation', () => {
  let s: TestServer;
  let doc: {
    openapi: string;
    servers: { url: string }[];
    paths: Record<string, Record<string, Operation>>;
    components: {
      schemas: Record<string, unknown>;
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    };
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

  it("documents every call of the specification's call tables, at the path the specification spells", async () => {
    const operations = new Map<string, Operation>();
    for (const [p, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) operations.set(`${method.toUpperCase()} ${p.replace(/\/$/, '')}`, op);
    for (const call of SPEC_CALLS) {
      const [method, spelled] = call.split(' ') as [string, string];
      const op = operations.get(`${method} ${spelled.replace(/\/$/, '')}`);
      expect(op, call).toBeDefined();
      expect(
        Object.keys(op!.responses).some((code) => code.startsWith('2')),
        call,
      ).toBe(true);
      if (/-(create|update)(\/|$)/.test(spelled)) expect(op!.requestBody, call).toBeDefined();
      // The server answers the path as the specification spells it (slash or not): never "no such route".
      const res = await s.call(method, `/api${spelled.replace('{id}', '1')}`, { token: null });
      expect(res.statusCode, call).not.toBe(404);
    }
    // The record lists take the filters the call tables name, and the console's paging.
    for (const call of SPEC_CALLS.filter((c) => /^GET \/[a-z-]+\/[a-z-]+-list\/$/.test(c) && !c.includes('/permission/'))) {
      const op = operations.get(call.slice(0, -1))!;
      expect(
        op.parameters?.map((x) => x.name),
        call,
      ).toEqual(expect.arrayContaining(['status', 'search', 'page', 'limit']));
    }
    const medicine = doc.paths['/medicine/medicine-create']!.post!.requestBody as {
      content: Record<string, { schema: { properties: Record<string, { minimum?: number }> } }>;
    };
    expect(Object.keys(medicine.content)).toEqual(['application/json', 'multipart/form-data']);
    expect(medicine.content['application/json']!.schema.properties.medicine_purchase_price!.minimum).toBe(0);
  });

  it("describes every call the console's data provider makes: path, query, headers and body fields", async () => {
    const sent: { method: string; url: string; init: RequestInit }[] = [];
    const httpClient: HttpClient = (url, init = {}) => {
      sent.push({ method: init.method ?? 'GET', url, init });
      const p = new URL(url, 'http://console').pathname;
      const data = p.includes('/notification/notification-list')
        ? { data: [], total: 0, page: 1, limit: 50 }
        : p.endsWith('-bulk')
          ? { done: 0, refused: 0, results: [] }
          : /-list\/?$/.test(p)
            ? []
            : {};
      return Promise.resolve({ status: 200, headers: new Headers(), json: { status: 1, message: '', data, total: 0 } });
    };
    const provider = createDataProvider({ registry, httpClient }) as DataProvider & BulkMethods & NotificationMethods;
    const previousData = { id: 1, updated_at: '2026-01-01 00:00:00.000' };
    for (const d of registry.all) {
      const actions = actionsOf(d);
      const some = Object.fromEntries(d.fields.filter((f) => f.kind !== 'image' && f.kind !== 'imageList').map((f) => [f.name, '']));
      const filter = d.listNeedsFilter ? { [d.listNeedsFilter]: 1 } : {};
      await provider.getList(d.name, {
        pagination: { page: 1, perPage: 50 },
        sort: { field: 'id', order: 'ASC' },
        filter: { ...filter, q: 'a' },
      });
      if (actions.includes('get') && !d.singleton) await provider.getOne(d.name, { id: 1 });
      if (actions.includes('create')) await provider.create(d.name, { data: some });
      if (actions.includes('update')) await provider.update(d.name, { id: 1, data: some, previousData });
      if (actions.includes('delete')) await provider.delete(d.name, { id: 1, previousData });
      for (const action of bulkActionsOf(d)) await provider.bulk(d.name, action, [1, 2]);
    }
    await provider.getList('notification', { pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    await provider.getOne('notification', { id: 1 });
    await provider.create('notification', { data: { notification_title: 't', notification_type: 'All' } });
    await provider.update('notification', { id: 1, data: { notification_title: 't', notification_type: 'All' }, previousData });
    await provider.delete('notification', { id: 1, previousData });
    await provider.getList('notification-inbox', { pagination: { page: 1, perPage: 50 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    await provider.update('notification-inbox', { id: 1, data: {}, previousData });
    await provider.markAllNotificationsRead();
    expect(sent.length).toBeGreaterThan(100);

    const templates = Object.keys(doc.paths).map((p) => ({
      p,
      re: new RegExp(`^${p.replace(/\/$/, '').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
    }));
    const problems: string[] = [];
    for (const { method, url, init } of sent) {
      const { pathname, searchParams } = new URL(url, 'http://console');
      const call = `${method} ${pathname}`;
      const template = templates.find(({ p, re }) => re.test(pathname.replace(/^\/api/, '')) && doc.paths[p]![method.toLowerCase()]);
      if (!template) {
        problems.push(`${call}: not in the document`);
        continue;
      }
      const op = doc.paths[template.p]![method.toLowerCase()]!;
      const named = (where: string) => (op.parameters ?? []).filter((x) => x.in === where).map((x) => x.name.toLowerCase());
      for (const key of searchParams.keys()) if (!named('query').includes(key)) problems.push(`${call}: query ${key}`);
      for (const header of Object.keys(init.headers ?? {}))
        if (!named('header').includes(header.toLowerCase())) problems.push(`${call}: header ${header}`);
      if (init.body === undefined) continue;
      const { body } = init;
      const json = typeof body === 'string';
      const fields = typeof body === 'string' ? Object.keys(JSON.parse(body) as object) : [...new Set((body as FormData).keys())];
      const content = (op.requestBody as { content?: Record<string, { schema: { properties?: object } }> } | undefined)?.content;
      const properties = Object.keys(content?.[json ? 'application/json' : 'multipart/form-data']?.schema.properties ?? {});
      for (const field of fields) if (!properties.includes(field)) problems.push(`${call}: body field ${field}`);
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it.runIf(SPEC_DIR)("copies the specification's call tables as they are now", () => {
    const texts = SPEC_FILES.map((f) => fs.readFileSync(path.join(SPEC_DIR!, f), 'utf8'));
    const calls = distinctCalls(texts);
    // The parser reads every table row that names a call: a row it could not read would be missing here.
    expect(calls.length).toBeGreaterThan(100);
    expect(calls).toEqual([...SPEC_CALLS]);
  });

  it('keeps the documentation and the uploads out of the document', () => {
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/docs') || p.startsWith('/uploads'))).toBe(false);
    expect(Object.keys(doc.paths)).toContain('/server-time');
  });

  it('names every operation once, after its method and path', () => {
    const ids = Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([m, op]) => [op.operationId, `${m} ${p}`]));
    expect(ids.filter(([id]) => !id)).toEqual([]);
    expect(new Set(ids.map(([id]) => id)).size).toBe(ids.length);
    for (const [id] of ids) expect(id).toMatch(/^(get|post|put|patch|delete)[A-Z][A-Za-z0-9]*$/);
    expect(doc.paths['/medicine/medicine-update/{id}']!.put!.operationId).toBe('putMedicineUpdateById');
    expect(doc.paths['/medicine/medicine-list/']!.get!.operationId).toBe('getMedicineList');
    expect(doc.paths['/users/user-login']!.post!.operationId).toBe('postUsersUserLogin');
  });

  it('says who may call each operation, from the rule its route declares', () => {
    // Kept out of the document by design, each tested on its own: the Prometheus scrape (for the
    // monitoring system, tests/api/operations/metrics.test.ts) and SCIM 2.0 (RFC 7644's own contract
    // for the directory, with its bearer tokens, tests/api/directory/scim.test.ts).
    const outside = (url: string) => url === '/api/metrics' || url.startsWith('/api/scim/');
    const routes = s.app.routeCatalogue.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/docs') &&
        !r.url.startsWith('/api/uploads') &&
        !outside(r.url) &&
        r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      const p = route.url.slice('/api'.length).replace(/:([A-Za-z_]+)/g, '{$1}');
      const op = doc.paths[p]?.[route.method.toLowerCase()];
      const name = `${route.method} ${p}`;
      expect(op, name).toBeDefined();
      const codes = Object.keys(op!.responses);
      if (route.access?.kind === 'public') {
        expect(op!.security, name).toEqual([]);
      } else {
        // The document's default (the access token), or said again.
        expect([undefined, [{ accessToken: [] }]], name).toContainEqual(op!.security);
        expect(codes, name).toContain('401');
      }
      if (route.access?.kind === 'slugs') expect(codes, name).toContain('403');
      else expect(codes, name).not.toContain('403');
      if (p.includes('{')) expect(codes, name).toContain('404');
      if (['POST', 'PUT', 'PATCH'].includes(route.method)) expect(codes, name).toContain('413');
      expect(codes, name).toContain('5XX');
    }
  });

  it('describes every refusal with the envelope, and the refusals a version-checked save gives', () => {
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(item)) {
        for (const [code, answer] of Object.entries(op.responses)) {
          if (!code.startsWith('4') && code !== '5XX') continue;
          const ref = (answer as { $ref?: string }).$ref ?? '';
          const target = doc.components.responses[ref.replace('#/components/responses/', '')];
          expect(target, `${m} ${p} ${code}`).toBeDefined();
          expect(target!.content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Refusal' });
        }
      }
    }
    expect(doc.components.schemas.Refusal).toMatchObject({ required: ['status', 'message'] });
    const update = doc.paths['/medicine/medicine-update/{id}']!.put!;
    // 202: a save of a resource under a workflow is sent for review instead (docs/approvals.md).
    expect(Object.keys(update.responses)).toEqual(['200', '202', '400', '401', '403', '404', '409', '412', '413', '422', '5XX']);
    expect(update.parameters?.find((x) => x.in === 'header')?.name).toBe('If-Match');
    // Public, reading no input: nothing to refuse.
    expect(Object.keys(doc.paths['/server-time']!.get!.responses)).toEqual(['200', '5XX']);
    expect(Object.keys(doc.paths['/users/user-login']!.post!.responses)).toEqual(expect.arrayContaining(['422', '429']));
  });

  it('documents the refusals the server really gives', async () => {
    const documented = (method: string, p: string) => Object.keys(doc.paths[p]![method]!.responses);
    const created = await s.call('POST', '/api/pharmacy-category/pharmacy-category-create', {
      body: { pharmacy_category_code: 'OA1', pharmacy_category_name: 'OpenAPI', pharmacy_category_status: 1 },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ data: { pharmacy_category_id: number } }>().data.pharmacy_category_id;
    const answers: [string, string, number][] = [
      [
        'get',
        '/pharmacy-category/get-pharmacy-category/{id}',
        (await s.call('GET', '/api/pharmacy-category/get-pharmacy-category/999999')).statusCode,
      ],
      [
        'get',
        '/pharmacy-category/pharmacy-category-list/',
        (await s.call('GET', '/api/pharmacy-category/pharmacy-category-list/', { token: null })).statusCode,
      ],
      [
        'post',
        '/pharmacy-category/pharmacy-category-create',
        (await s.call('POST', '/api/pharmacy-category/pharmacy-category-create', { body: { pharmacy_category_status: 'maybe' } }))
          .statusCode,
      ],
      [
        'put',
        '/pharmacy-category/pharmacy-category-update/{id}',
        (
          await s.call('PUT', `/api/pharmacy-category/pharmacy-category-update/${id}`, {
            body: { pharmacy_category_name: 'Stale' },
            headers: { 'if-match': '"2000-01-01 00:00:00"' },
          })
        ).statusCode,
      ],
    ];
    expect(answers.map(([, , code]) => code)).toEqual([404, 401, 422, 412]);
    for (const [m, p, code] of answers) expect(documented(m, p), `${m} ${p}`).toContain(String(code));
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
