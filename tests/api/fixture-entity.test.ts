import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, permissionSlug, type Registry } from '../../resources';
import { LANGUAGES } from '../../i18n/languages';
import { seedSamples } from '../../server/startup/seed-samples';
import { RESOURCES, entityMessages, loadEntities, type Entity } from '../../scripts/entities';
import { DATABASES, startServer, type TestServer } from './harness';

/**
 * Adding an entity is adding a folder: the fixture folder tests/fixtures/entities/instrument/ is
 * found by the same discovery as resources/ (scripts/entities.ts) and gets a table, working routes,
 * API documentation, a menu entry, words in every language and its demo records.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/entities');

let entities: Entity[];
let registry: Registry;
beforeAll(async () => {
  entities = await loadEntities([RESOURCES, FIXTURES]);
  registry = createRegistry(entities.map((e) => e.descriptor));
});

describe('discovery', () => {
  it('finds the fixture folder beside the product entities, in menu order', () => {
    const names = entities.map((e) => e.name);
    expect(names).toContain('instrument');
    expect(names).toContain('medicine');
    // Its menu.position (45) puts it after the services group (40, 41) and before the website (50).
    expect(names.indexOf('instrument')).toBe(names.indexOf('investigation') + 1);
    expect(names.indexOf('about')).toBe(names.indexOf('instrument') + 1);
  });

  it('brings its words in the four languages, its menu group named in each', () => {
    for (const lang of LANGUAGES) {
      const { menu, resources } = entityMessages(entities, lang);
      const words = resources.instrument;
      expect(words, lang).toBeDefined();
      expect(menu.laboratory, lang).toEqual(expect.any(String));
      for (const f of registry.get('instrument').fields) expect(words?.fields[f.name], `${lang} ${f.name}`).toEqual(expect.any(String));
    }
    expect(entityMessages(entities, 'bn').menu.laboratory).toBe('পরীক্ষাগার');
    expect(entityMessages(entities, 'es').resources.instrument?.choices?.instrument_kind?.Microscope).toBe('Microscopio');
  });
});

describe.each(DATABASES)('the fixture entity on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { registry, seed: false });
  });
  afterAll(() => s?.close());

  it('gets its table and working routes', async () => {
    const tables = await s.app.ctx.conn.db.introspection.getTables();
    expect(tables.map((t) => t.name)).toContain('instrument');
    const created = await s.call('POST', '/api/instrument/instrument-create', {
      body: { instrument_code: 'CEN-1', instrument_name: 'Centrifuge', instrument_kind: 'Analyser' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.instrument_id as number;
    expect((await s.call('GET', `/api/instrument/get-instrument/${id}`)).json().data).toMatchObject({
      instrument_name: 'Centrifuge',
      instrument_status: 1,
    });
    const list = (await s.call('GET', '/api/instrument/instrument-list/?status=all&search=centri')).json();
    expect(list).toMatchObject({ status: 1, total: 1 });
    const wrong = await s.call('POST', '/api/instrument/instrument-create', {
      body: { instrument_code: 'X', instrument_name: 'X', instrument_kind: 'Telescope' },
    });
    expect(wrong.statusCode).toBe(422);
    expect((await s.call('PUT', `/api/instrument/instrument-update/${id}`, { body: { instrument_name: 'Centrifuge 2' } })).statusCode).toBe(
      200,
    );
    expect((await s.call('DELETE', `/api/instrument/instrument-delete/${id}`)).statusCode).toBe(200);
  });

  it('is in the API documentation', async () => {
    const doc = (await s.call('GET', '/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    const paths = Object.keys(doc.paths).filter((p) => p.includes('/instrument/'));
    for (const action of ['instrument-list', 'get-instrument', 'instrument-create', 'instrument-update', 'instrument-delete']) {
      expect(
        paths.some((p) => p.includes(`/instrument/${action}`)),
        action,
      ).toBe(true);
    }
  });

  it('gets a menu entry under its own group, granted to Super Admin', async () => {
    const rows = await s.app.ctx.conn.db
      .selectFrom('menu')
      .select(['menu_id', 'menu_slug', 'main_menu', 'menu_visible_status'])
      .where((eb) => eb.or([eb('menu_slug', '=', 'laboratory'), eb('menu_slug', 'like', 'instrument/%')]))
      .execute();
    const group = rows.find((m) => m.menu_slug === 'laboratory');
    expect(group).toMatchObject({ main_menu: 0, menu_visible_status: 1 });
    const list = rows.find((m) => m.menu_slug === permissionSlug(registry.get('instrument'), 'list'));
    expect(list).toMatchObject({ main_menu: group?.menu_id, menu_visible_status: 1 });
    const me = (await s.call('GET', '/api/users/get-auth-user')).json().data;
    expect(me.permissions).toContain('instrument/instrument-list');
  });

  it('seeds its demo records when asked to', async () => {
    const samples = entities.find((e) => e.name === 'instrument')?.samples ?? [];
    expect(samples.length).toBe(2);
    await seedSamples(s.app.ctx.conn.db, registry, s.app.ctx.crud, { instrument: samples });
    const list = (await s.call('GET', '/api/instrument/instrument-list/?status=all&search=microscope')).json();
    expect(list).toMatchObject({ total: 1, data: [expect.objectContaining({ instrument_code: 'MIC-1' })] });
  });
});
