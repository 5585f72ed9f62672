import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry, actionPath, type ResourceDescriptor } from '../../resources';
import { dynamic } from '../../server/db/database';
import { ADMIN, signIn, startE2E, type E2E } from '../e2e/harness';
import { createExamples, exampleBody } from '../fixtures/examples';
import { figure } from './support';
import { xssCorpus } from './xss-corpus';

/**
 * Every payload of the corpus goes through every rich-text field (found from the descriptors):
 * saved through the API like the console saves it, and also written straight into the database
 * (as an import or another tool might), then shown in Chromium in the list and the edit dialog.
 * Nothing may run: the page records every call to `__xss` and every alert/confirm/prompt.
 */
const corpus = xssCorpus();
const richResources = registry.all
  .map((d) => ({ d, fields: d.fields.filter((f) => f.kind === 'richText').map((f) => f.name) }))
  .filter((r) => r.fields.length > 0);

declare global {
  interface Window {
    __xss?: (n: number) => void;
    __xssCalls?: number[];
    __xssReport?: (n: number) => Promise<void>;
  }
}

describe('XSS corpus through every rich-text field, rendered in Chromium', () => {
  let e: E2E;
  let token = '';
  const dialogs: string[] = [];
  /** Every call seen on any page, kept on this side so a navigation cannot lose one. */
  const executed: number[] = [];
  const opened: string[] = [];
  const started = Date.now();

  beforeAll(async () => {
    e = await startE2E();
    // Three records of each resource with a rich-text field (and one of every other, for their references), made here.
    const made = await createExamples(e.app);
    const ids = new Map([...made].map(([name, row]) => [name, Number(row[registry.get(name).idField])]));
    for (const { d } of richResources) for (const tag of ['-2', '-3']) await e.app.ctx.crud.create(d, await exampleBody(d, ids, tag));
    // The console's CSP already refuses inline script; this context ignores it, so what is proven
    // here is that the sanitisers alone (server, DOMPurify, React, the editor) stop every payload.
    const context = await e.browser.newContext({ bypassCSP: true, viewport: { width: 1400, height: 900 } });
    const origin = new URL(e.url).origin;
    await context.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
    const page = await context.newPage();
    e = { ...e, context, page };
    const login = await e.app.inject({ method: 'POST', url: '/api/users/user-login/', payload: ADMIN });
    token = login.json<{ data: { token: string } }>().data.token;
    await e.context.exposeBinding('__xssReport', (_source, n: number) => {
      executed.push(n);
    });
    await e.context.addInitScript(() => {
      window.__xssCalls = [];
      window.__xss = (n: number) => {
        window.__xssCalls?.push(n);
        void window.__xssReport?.(n);
      };
    });
    e.page.on('dialog', (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    await signIn(e);
  });
  afterAll(async () => {
    figure(
      'XSS corpus',
      `${corpus.length} payloads x ${richResources.reduce((n, r) => n + r.fields.length, 0)} rich-text fields (${richResources.map((r) => r.d.name).join(', ')}), saved by API and raw, ${opened.length} list+dialog screens rendered, 0 executed, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await e.close();
  });

  const api = (method: string, url: string, payload?: object) =>
    e.app.inject({ method: method as 'GET', url: `/api${url}`, headers: { 'access-token': token }, ...(payload ? { payload } : {}) });

  async function idsOf(d: ResourceDescriptor): Promise<number[]> {
    const res = await api('GET', `${actionPath(d, 'list')}/`);
    return res.json<{ data: Record<string, number>[] }>().data.map((r) => Number(r[d.idField]));
  }

  async function calls(): Promise<number[]> {
    return e.page.evaluate(() => window.__xssCalls ?? []);
  }

  it('the hook records a payload that does run (so silence means something)', async () => {
    await e.page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<img id="xss-control" src="x:" onerror="__xss(0)">');
    });
    await expect.poll(calls).toEqual([0]);
    await expect.poll(() => executed).toEqual([0]);
    executed.length = 0;
    await e.page.reload();
    expect(await calls()).toEqual([]);
  });

  for (const { d, fields } of richResources) {
    it(`${d.name}: ${fields.join(', ')} hold all ${corpus.length} payloads; list and dialog run none`, async () => {
      const ids = await idsOf(d);
      expect(ids.length).toBeGreaterThanOrEqual(2);
      const half = Math.ceil(corpus.length / 2);
      const chunks = [corpus.slice(0, half), corpus.slice(half)].map((c) => c.map((p) => p.html).join('\n'));
      const touched: number[] = [];
      for (const [i, chunk] of chunks.entries()) {
        const id = ids[i]!;
        const res = await api('PUT', `${actionPath(d, 'update')}/${id}`, Object.fromEntries(fields.map((f) => [f, chunk])));
        expect(res.statusCode, res.body).toBe(200);
        touched.push(id);
      }
      // Unsanitised, straight into the table: the browser must hold on its own.
      const raw = ids[2];
      if (raw !== undefined) {
        await dynamic(e.app.ctx.conn.db)
          .updateTable(d.table)
          .set(Object.fromEntries(fields.map((f) => [f, corpus.map((p) => p.html).join('\n')])))
          .where(sql.ref(d.idField), '=', raw)
          .execute();
        touched.push(raw);
      }
      for (const id of touched) {
        await e.page.goto(`${e.url}/${d.name}/${id}`);
        const dialog = e.page.getByRole('dialog');
        await expect.poll(() => dialog.count()).toBe(1);
        const editors = dialog.locator('.ProseMirror');
        await expect.poll(() => editors.count()).toBe(fields.length);
        // The payloads did reach the editor (their surrounding text is there).
        await expect.poll(() => editors.first().textContent()).toMatch(/text .*more/);
        await expect.poll(() => e.page.locator('tbody tr').count()).toBeGreaterThan(0);
        opened.push(`${d.name}/${id}`);
        expect(await calls(), `${d.name}/${id}`).toEqual([]);
      }
      if (d.fields.some((f) => f.kind === 'richText' && f.listAsHtml)) {
        // The list renders this field as HTML: its cells hold the payloads' text, and nothing ran.
        await e.page.goto(`${e.url}/${d.name}`);
        await expect.poll(() => e.page.locator('.html-cell').count()).toBeGreaterThanOrEqual(touched.length);
        await expect.poll(async () => (await e.page.locator('.html-cell').allTextContents()).join(' | ')).toMatch(/text .*more/);
        opened.push(d.name);
      }
      expect(await calls()).toEqual([]);
      expect(executed).toEqual([]);
      expect(dialogs).toEqual([]);
    });
  }
});
