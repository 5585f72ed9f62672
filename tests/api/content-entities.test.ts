import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asText, registry, type Field, type ResourceDescriptor } from '../../resources';
import type { Row } from '../../server/db/database';
import { createExamples } from '../fixtures/examples';
import { makeRecord } from '../fixtures/records';
import { insertUser } from '../fixtures/users';
import { DATABASES, multipart, png, startServer, type TestServer } from './harness';

/**
 * Every content and catalogue entity of spec 001 that the spine did not cover, driven by the
 * contract paths written out here as the spec spells them (not derived from the descriptors, so a
 * descriptor that drifts from the spec fails), with bodies built from each descriptor's fields.
 */
const LISTS: Record<string, { list: string; get: string; create: string; update: string; del: string }> = {
  'blog-videos': {
    list: '/blogs/blog-videos-list/',
    get: '/blogs/get-blog-videos/',
    create: '/blogs/blog-videos-create',
    update: '/blogs/blog-videos-update/',
    del: '/blogs/blog-videos-delete/',
  },
  'blog-photos': {
    list: '/blogs/blog-photos-list/',
    get: '/blogs/get-blog-photos/',
    create: '/blogs/blog-photos-create',
    update: '/blogs/blog-photos-update/',
    del: '/blogs/blog-photos-delete/',
  },
  experience: {
    list: '/experience/experience-list/',
    get: '/experience/get-experience/',
    create: '/experience/experience-create',
    update: '/experience/experience-update/',
    del: '/experience/experience-delete/',
  },
  member: {
    list: '/member/member-list/',
    get: '/member/get-member/',
    create: '/member/member-create',
    update: '/member/member-update/',
    del: '/member/member-delete/',
  },
  education: {
    list: '/education/education-list/',
    get: '/education/get-education/',
    create: '/education/education-create',
    update: '/education/education-update/',
    del: '/education/education-delete/',
  },
  advice: {
    list: '/advice/advice-list/',
    get: '/advice/get-advice/',
    create: '/advice/advice-create',
    update: '/advice/advice-update/',
    del: '/advice/advice-delete/',
  },
  chamber: {
    list: '/chamber/chamber-list/',
    get: '/chamber/get-chamber/',
    create: '/chamber/chamber-create',
    update: '/chamber/chamber-update/',
    del: '/chamber/chamber-delete/',
  },
  schedule: {
    list: '/schedule/schedule-list/',
    get: '/schedule/get-schedule/',
    create: '/schedule/schedule-create',
    update: '/schedule/schedule-update/',
    del: '/schedule/schedule-delete/',
  },
  'optics-category': {
    list: '/optics-category/optics-category-list/',
    get: '/optics-category/get-optics-category/',
    create: '/optics-category/optics-category-create',
    update: '/optics-category/optics-category-update/',
    del: '/optics-category/optics-category-delete/',
  },
  optics: {
    list: '/optics/optics-list/',
    get: '/optics/get-optics/',
    create: '/optics/optics-create',
    update: '/optics/optics-update/',
    del: '/optics/optics-delete/',
  },
  donation: {
    list: '/donation/donation-list/',
    get: '/donation/get-donation/',
    create: '/donation/donation-create',
    update: '/donation/donation-update/',
    del: '/donation/donation-delete/',
  },
  ot: { list: '/ot/ot-list/', get: '/ot/get-ot/', create: '/ot/ot-create', update: '/ot/ot-update/', del: '/ot/ot-delete/' },
  investigation: {
    list: '/investigation/investigation-list/',
    get: '/investigation/get-investigation/',
    create: '/investigation/investigation-create',
    update: '/investigation/investigation-update/',
    del: '/investigation/investigation-delete/',
  },
};
const SINGLETONS: Record<string, { list: string; create: string; update: string }> = {
  about: { list: '/about/about-list', create: '/about/about-create', update: '/about/about-update/' },
  'hero-section': {
    list: '/hero-section/hero-section-list',
    create: '/hero-section/hero-section-create',
    update: '/hero-section/hero-section-update/',
  },
};

type Part = string | { file: Buffer; name: string };
const RICH_IN = '<p onclick="x()">Rich <b>text</b><script>alert(1)</script></p>';
const RICH_OUT = '<p>Rich <b>text</b></p>';

/** A value for every field of a descriptor, unique by `tag`; references point at an active record. */
async function fullBody(
  s: TestServer,
  d: ResourceDescriptor,
  tag: string,
): Promise<{ parts: Record<string, Part>; files: Record<string, Part[]> }> {
  const parts: Record<string, Part> = {};
  const files: Record<string, Part[]> = {};
  for (const f of d.fields) {
    switch (f.kind) {
      case 'text':
        parts[f.name] = `${tag} ${f.name}`;
        break;
      case 'longText':
        parts[f.name] = `${tag} long ${f.name}\nsecond line`;
        break;
      case 'richText':
        parts[f.name] = RICH_IN;
        break;
      case 'email':
        parts[f.name] = `${f.name}@hospital.example`;
        break;
      case 'phone':
        parts[f.name] = '+880 1711 555000';
        break;
      case 'url':
        parts[f.name] = `https://example.org/${tag}/${f.name}`;
        break;
      case 'integer':
        parts[f.name] = '7';
        break;
      case 'money':
        parts[f.name] = f.name.includes('purchase') ? '10.25' : '14.75';
        break;
      case 'status':
        parts[f.name] = '0';
        break;
      case 'date':
        parts[f.name] = '2027-01-31';
        break;
      case 'datetime':
        parts[f.name] = '2027-01-31 10:20:00';
        break;
      // The last choice keeps every conditional field visible (optics: Optical).
      case 'choice':
        parts[f.name] = f.choices[f.choices.length - 1]!;
        break;
      case 'reference': {
        const target = registry.get(f.reference);
        const rows = (
          await s.call('GET', `/api${LISTS[target.name]?.list ?? `/${target.api.prefix}/${target.api.prefix}-list/`}?status=1`)
        ).json().data;
        parts[f.name] = String(rows[0][target.idField]);
        break;
      }
      case 'image':
        files[f.name] = [{ file: await png(`${tag}-${f.name}`), name: `${f.name}.png` }];
        break;
      case 'imageList':
        files[f.name] = [
          { file: await png(`${tag}-1`), name: 'one.png' },
          { file: await png(`${tag}-2`), name: 'two.jpg' },
        ];
        break;
      case 'rows':
        parts[f.name] = JSON.stringify([
          Object.fromEntries(
            f.of.map((sub) => [
              sub.name,
              sub.kind === 'email' ? 'row@hospital.example' : sub.kind === 'phone' ? '+880 1811 000000' : `${tag} ${sub.name}`,
            ]),
          ),
        ]);
        break;
    }
  }
  return { parts, files };
}

async function form(parts: Record<string, Part>, files: Record<string, Part[]>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(parts)) if (typeof v === 'string') fd.append(k, v);
  for (const [k, list] of Object.entries(files))
    for (const v of list) if (typeof v !== 'string') fd.append(k, new Blob([new Uint8Array(v.file)]), v.name);
  const res = new Response(fd);
  return { payload: Buffer.from(await res.arrayBuffer()), headers: { 'content-type': res.headers.get('content-type')! } };
}

/** The record read back holds exactly what was sent, in the contract's shapes. */
function expectStored(s: TestServer, d: ResourceDescriptor, rec: Record<string, unknown>, parts: Record<string, Part>) {
  for (const f of d.fields) {
    const v = rec[f.name];
    const sent = parts[f.name];
    const at = `${d.name}.${f.name}`;
    if (f.kind === 'image') {
      expect(v, at).toMatch(new RegExp(`^uploads/${d.table}/[0-9a-f-]{36}\\.png$`));
      expect(fs.existsSync(path.join(s.dataDir, String(v))), at).toBe(true);
    } else if (f.kind === 'imageList') {
      const list = JSON.parse(String(v)) as string[];
      expect(list, at).toHaveLength(2);
      for (const p of list) expect(fs.existsSync(path.join(s.dataDir, p)), at).toBe(true);
    } else if (f.kind === 'richText') expect(v, at).toBe(RICH_OUT);
    else if (f.kind === 'rows') expect(JSON.parse(String(v)), at).toEqual(JSON.parse(asText(sent)));
    else if ((f.kind === 'integer' || f.kind === 'money') && f.derived) expect(v, at).toBe(4.5);
    else if (f.kind === 'integer' || f.kind === 'money' || f.kind === 'status' || f.kind === 'reference') expect(v, at).toBe(Number(sent));
    else if (f.kind === 'datetime') expect(String(v), at).toContain('2027-01-31');
    else expect(v, at).toBe(sent);
  }
}

/** Required fields without a default: leaving one out must be refused (a default fills the others). */
/** Every picture path the optics table refers to (to prove no orphan files are left behind). */
async function storedOptics(s: TestServer): Promise<string[]> {
  const rows = (await s.call('GET', '/api/optics/optics-list/?status=all')).json().data as { optics_picture: string }[];
  return rows.flatMap((r) => JSON.parse(r.optics_picture) as string[]);
}

const required = (d: ResourceDescriptor): Field[] => d.fields.filter((f) => f.required && !('default' in f && f.default !== undefined));

describe.each(DATABASES)('spec 001 content and catalogue entities on %s', (kind) => {
  let s: TestServer;
  /** One active record of every resource, made before the tests (the server starts without demo records). */
  let examples: Map<string, Row>;
  let inactiveCategory: Row;
  beforeAll(async () => {
    s = await startServer(kind);
    examples = await createExamples(s.app);
    inactiveCategory = await makeRecord(s.app, 'optics-category', {
      optics_category_code: 'OLD',
      optics_category_name: 'Discontinued',
      optics_category_status: 0,
    });
  });
  afterAll(() => s?.close());

  it.each(Object.keys(LISTS))('%s: create with every field, read back, search, filter, update, delete', async (name) => {
    const d = registry.get(name);
    const p = LISTS[name]!;
    const tag = `Zq${name.replace(/\W/g, '')}`;
    const { parts, files } = await fullBody(s, d, tag);
    const created = await s.call('POST', `/api${p.create}`, await form(parts, files));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data[d.idField] as number;
    const got = (await s.call('GET', `/api${p.get}${id}`)).json();
    expect(got.status).toBe(1);
    expectStored(s, d, got.data, parts);

    // Search by the tag that only this record carries; the status filter sees it as inactive.
    const search = (await s.call('GET', `/api${p.list}?status=all&search=${tag}`)).json();
    expect(search.data.map((r: Record<string, unknown>) => r[d.idField])).toEqual([id]);
    const inactive = (await s.call('GET', `/api${p.list}?status=0&search=${tag}`)).json();
    expect(inactive.total).toBe(1);
    const active = (await s.call('GET', `/api${p.list}?status=1&search=${tag}`)).json();
    expect(active).toMatchObject({ status: 1, total: 0, data: [] });
    // The record made before the tests is listed too.
    const all = (await s.call('GET', `/api${p.list}?status=all`)).json();
    const others = name === 'optics-category' ? [inactiveCategory] : [];
    expect(all.total).toBe(2 + others.length);
    expect(all.data.map((r: Record<string, unknown>) => r[d.idField]).sort()).toEqual(
      [id, ...[examples.get(name)!, ...others].map((r) => r[d.idField])].sort(),
    );

    const up = await s.call('PUT', `/api${p.update}${id}`, { body: { [d.titleField]: `${tag} renamed`, [d.statusField!]: 1 } });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ [d.titleField]: `${tag} renamed`, [d.statusField!]: 1 });
    expect((await s.call('GET', `/api${p.list}?status=1&search=${tag}`)).json().total).toBe(1);

    const stored = d.fields.flatMap((f) =>
      f.kind === 'image' ? [String(got.data[f.name])] : f.kind === 'imageList' ? (JSON.parse(String(got.data[f.name])) as string[]) : [],
    );
    const del = await s.call('DELETE', `/api${p.del}${id}`);
    expect(del.json()).toMatchObject({ status: 1, data: { [d.idField]: id } });
    expect((await s.call('GET', `/api${p.get}${id}`)).statusCode).toBe(404);
    for (const file of stored) expect(fs.existsSync(path.join(s.dataDir, file))).toBe(false);
  });

  it.each(Object.keys(LISTS))('%s: a missing required field is rejected and nothing is written', async (name) => {
    const d = registry.get(name);
    const p = LISTS[name]!;
    const { parts } = await fullBody(s, d, `Req${name.replace(/\W/g, '')}`);
    const before = (await s.call('GET', `/api${p.list}?status=all`)).json().total;
    expect(required(d).length).toBeGreaterThan(0);
    for (const f of required(d)) {
      const { [f.name]: _omitted, ...rest } = parts;
      const res = await s.call('POST', `/api${p.create}`, await form(rest, {}));
      expect(res.statusCode, `${name} without ${f.name}`).toBe(422);
      expect(res.json()).toMatchObject({ status: 0, errors: { [f.name]: expect.stringMatching(/required/) } });
      const blank = await s.call('POST', `/api${p.create}`, { body: { ...rest, [f.name]: '' } });
      expect(blank.statusCode).toBe(422);
    }
    expect((await s.call('GET', `/api${p.list}?status=all`)).json().total).toBe(before);
  });

  it('guards every route with its permission slug from the menu catalogue', async () => {
    const slugs = (await s.app.ctx.conn.db.selectFrom('menu').select('menu_slug').execute()).map((m) => m.menu_slug);
    for (const p of Object.values(LISTS)) for (const path of Object.values(p)) expect(slugs).toContain(path.replace(/^\/|\/$/g, ''));
    for (const p of Object.values(SINGLETONS)) for (const path of Object.values(p)) expect(slugs).toContain(path.replace(/^\/|\/$/g, ''));
    // A real, active group: a group that does not exist (or is inactive) grants nothing.
    const group = (await s.call('POST', '/api/group/group-create', { body: { group_code: 'READERS', group_name: 'Readers' } })).json().data
      .group_id as number;
    await insertUser(s.app.ctx, { username: 'reader', password: 'reader-pass-1', group, slugs: ['ot/ot-list'] });
    const token = (
      await s.call('POST', '/api/users/user-login/', { body: { username: 'reader', password: 'reader-pass-1' }, token: null })
    ).json().data.token;
    expect((await s.call('GET', '/api/ot/ot-list/', { token })).statusCode).toBe(200);
    expect((await s.call('POST', '/api/ot/ot-create', { token, body: { title: 'x' } })).statusCode).toBe(403);
    expect((await s.call('GET', '/api/optics/optics-list/', { token })).statusCode).toBe(403);
    expect((await s.call('GET', '/api/about/about-list', { token })).statusCode).toBe(403);
  });

  it('blog photo types are Slider or Campaign; video and member links must be web addresses', async () => {
    const bad = await s.call('POST', '/api/blogs/blog-photos-create', { body: { title: 'T', type: 'Banner' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.type).toMatch(/Slider, Campaign/);
    const js = await s.call('POST', '/api/blogs/blog-videos-create', { body: { title: 'T', video_link: 'javascript:alert(1)' } });
    expect(js.statusCode).toBe(422);
    expect(js.json().errors.video_link).toMatch(/http/);
  });

  it('optics: only active categories are offered, and a used category is kept (409)', async () => {
    const cats = (await s.call('GET', '/api/optics-category/optics-category-list/?status=1')).json().data as Record<string, unknown>[];
    expect(cats.map((c) => c.optics_category_id)).toEqual([examples.get('optics-category')!.optics_category_id]);
    expect(cats.every((c) => c.optics_category_status === 1)).toBe(true);
    const all = (await s.call('GET', '/api/optics-category/optics-category-list/?status=all')).json().data as Record<string, unknown>[];
    expect(all.map((c) => c.optics_category_id)).toContain(inactiveCategory.optics_category_id);
    const item = (await s.call('GET', '/api/optics/optics-list/?status=all'))
      .json()
      .data.find((o: Record<string, unknown>) => o.optics_category);
    expect(item.category).toMatchObject({ optics_category_id: item.optics_category, optics_category_name: expect.any(String) });
    const used = await s.call('DELETE', `/api/optics-category/optics-category-delete/${item.optics_category}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toMatch(/used by \d+ optics record/);
  });

  it('optics: defaults of the spec and profit = sales - purchase', async () => {
    const o = (await s.call('POST', '/api/optics/optics-create', { body: { optics_code: 'DEF-1', optics_name: 'Defaults' } })).json().data;
    expect(o).toMatchObject({
      optics_type: 'Optical',
      optics_frame_material: 'Plastic',
      optics_frame_shape: 'Rectangle',
      optics_lens_type: 'Single Vision',
      optics_stock_qty: 0,
      optics_purchase_price: 0,
      optics_sales_price: 0,
      optics_sales_profit: 0,
      optics_status: 1,
      optics_picture: '[]',
    });
    const u = (
      await s.call('PUT', `/api/optics/optics-update/${o.optics_id}`, {
        body: { optics_purchase_price: '80', optics_sales_price: '125.5' },
      })
    ).json().data;
    expect(u.optics_sales_profit).toBe(45.5);
  });

  it('optics: the server keeps exactly the pictures named in optics_picture_json plus the new files', async () => {
    const create = await multipart({
      optics_code: 'PIC-1',
      optics_name: 'Pictures',
      optics_type: 'Frame',
      optics_picture: { file: await png('a'), name: 'a.png' },
    });
    // multipart() takes one file per name; add the second with the platform FormData instead.
    const fd = new FormData();
    fd.append('optics_code', 'PIC-2');
    fd.append('optics_name', 'Two pictures');
    fd.append('optics_type', 'Frame');
    fd.append('optics_picture', new Blob([new Uint8Array(await png('first'))]), 'first.png');
    fd.append('optics_picture', new Blob([new Uint8Array(await png('second'))]), 'second.png');
    const body = new Response(fd);
    const two = await s.call('POST', '/api/optics/optics-create', {
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { 'content-type': body.headers.get('content-type')! },
    });
    expect(two.statusCode).toBe(201);
    const o = two.json().data;
    const [first, second] = JSON.parse(o.optics_picture) as [string, string];
    expect(first).not.toBe(second);
    expect((await s.call('POST', '/api/optics/optics-create', create)).statusCode).toBe(201);

    // Keep the first, drop the second, add a new one; a foreign path in the kept list is ignored.
    const update = await multipart({
      optics_picture_json: JSON.stringify([first, 'uploads/medicine/not-mine.png']),
      optics_picture: { file: await png('third'), name: 'third.png' },
    });
    const updated = (await s.call('PUT', `/api/optics/optics-update/${o.optics_id}`, update)).json().data;
    const after = JSON.parse(updated.optics_picture) as string[];
    expect(after).toHaveLength(2);
    expect(after[0]).toBe(first);
    expect(after).not.toContain(second);
    expect(fs.existsSync(path.join(s.dataDir, second))).toBe(false);
    expect(fs.existsSync(path.join(s.dataDir, after[1]!))).toBe(true);

    // An update that does not mention pictures leaves them alone; an empty kept list clears them.
    const renamed = (await s.call('PUT', `/api/optics/optics-update/${o.optics_id}`, { body: { optics_name: 'Renamed' } })).json().data;
    expect(JSON.parse(renamed.optics_picture)).toEqual(after);
    // A JSON body may name the kept list in the field itself.
    const viaJson = (await s.call('PUT', `/api/optics/optics-update/${o.optics_id}`, { body: { optics_picture: [after[1]] } })).json().data;
    expect(JSON.parse(viaJson.optics_picture)).toEqual([after[1]]);
    expect(fs.existsSync(path.join(s.dataDir, after[0]!))).toBe(false);
    const cleared = (await s.call('PUT', `/api/optics/optics-update/${o.optics_id}`, await multipart({ optics_picture_json: '[]' }))).json()
      .data;
    expect(cleared.optics_picture).toBe('[]');
    for (const p of after) expect(fs.existsSync(path.join(s.dataDir, p))).toBe(false);

    // A bad file among good ones rejects the whole update and keeps the stored pictures.
    const one = (await s.call('GET', '/api/optics/optics-list/?search=PIC-1')).json().data[0];
    const [only] = JSON.parse(one.optics_picture) as [string];
    const fd2 = new FormData();
    fd2.append('optics_picture_json', '[]');
    fd2.append('optics_picture', new Blob([new Uint8Array(await png('good'))]), 'good.png');
    fd2.append('optics_picture', new Blob(['<svg onload=alert(1)>']), 'evil.png');
    const bad = new Response(fd2);
    const refused = await s.call('PUT', `/api/optics/optics-update/${one.optics_id}`, {
      payload: Buffer.from(await bad.arrayBuffer()),
      headers: { 'content-type': bad.headers.get('content-type')! },
    });
    expect(refused.statusCode).toBe(422);
    expect((await s.call('GET', `/api/optics/get-optics/${one.optics_id}`)).json().data.optics_picture).toBe(JSON.stringify([only]));
    expect(fs.existsSync(path.join(s.dataDir, only))).toBe(true);
    expect(fs.readdirSync(path.join(s.dataDir, 'uploads/optics')).length).toBe((await storedOptics(s)).length);
  });

  it('chamber description is stored sanitised, schedule keeps its logo in the payload', async () => {
    const c = (
      await s.call('POST', '/api/chamber/chamber-create', {
        body: { title: 'C', description: '<h3>Room 4</h3><img src=x onerror=alert(1)><p>Ground floor</p>' },
      })
    ).json().data;
    expect(c.description).not.toMatch(/onerror|<script/);
    expect(c.description).toContain('<p>Ground floor</p>');
    const sch = await s.call(
      'POST',
      '/api/schedule/schedule-create',
      await multipart({ hospital: 'City', day: 'Sunday', visiting_hours: '10-12', logo: { file: await png('logo'), name: 'l.png' } }),
    );
    expect(sch.json().data.logo).toMatch(/^uploads\/schedule\//);
  });

  it.each(Object.keys(SINGLETONS))('%s: one record, listed, created once, updated with every field', async (name) => {
    const d = registry.get(name);
    const p = SINGLETONS[name]!;
    const list = (await s.call('GET', `/api${p.list}`)).json();
    expect(list.status).toBe(1);
    expect(list.data).toHaveLength(1); // the record made before the tests
    expect(list.data[0][d.idField]).toBe(examples.get(name)![d.idField]);
    const id = list.data[0][d.idField];
    const again = await s.call('POST', `/api${p.create}`, { body: { [d.titleField]: 'Second' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists/);
    const { parts, files } = await fullBody(s, d, `Single${name.replace(/\W/g, '')}`);
    const up = await s.call('PUT', `/api${p.update}${id}`, await form(parts, files));
    expect(up.statusCode, up.body).toBe(200);
    expectStored(s, d, up.json().data, parts);
    const read = (await s.call('GET', `/api${p.list}`)).json().data;
    expect(read).toHaveLength(1);
    expectStored(s, d, read[0], parts);
    const blank = await s.call('PUT', `/api${p.update}${id}`, { body: { [d.titleField]: '' } });
    expect(blank.statusCode).toBe(422);
    expect((await s.call('GET', `/api${p.list}`)).json().data[0][d.titleField]).toBe(parts[d.titleField]);
    // A singleton has no get-one or delete call.
    expect((await s.call('DELETE', `/api/${d.api.prefix}/${d.api.prefix}-delete/${id}`)).statusCode).toBe(404);
  });
});

describe.each(DATABASES)('singletons on an empty database (%s)', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
  });
  afterAll(() => s?.close());

  it('about: the list is empty until the first create; a second create is refused', async () => {
    expect((await s.call('GET', '/api/about/about-list')).json()).toMatchObject({ status: 1, data: [], total: 0 });
    const rows = [{ title: 'Expert doctors', description: 'Consultants in every department' }];
    const missingRow = await s.call('POST', '/api/about/about-create', {
      body: { title: 'About us', why_choose_us: JSON.stringify([{ title: 'No description' }]) },
    });
    expect(missingRow.statusCode).toBe(422);
    expect(missingRow.json().errors.why_choose_us).toMatch(/row 1: description is required/);
    const created = await s.call(
      'POST',
      '/api/about/about-create',
      await multipart({ title: 'About us', why_choose_us: JSON.stringify(rows), logo: { file: await png('logo'), name: 'logo.png' } }),
    );
    expect(created.statusCode).toBe(201);
    expect(JSON.parse(created.json().data.why_choose_us)).toEqual(rows);
    const [second, third] = await Promise.all([
      s.call('POST', '/api/about/about-create', { body: { title: 'Race 1' } }),
      s.call('POST', '/api/about/about-create', { body: { title: 'Race 2' } }),
    ]);
    expect([second.statusCode, third.statusCode]).toEqual([409, 409]);
    const list = (await s.call('GET', '/api/about/about-list')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0].title).toBe('About us');
  });
});
