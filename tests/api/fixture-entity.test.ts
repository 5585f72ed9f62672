import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIONS,
  METHOD,
  actionPath,
  actionsOf,
  permissionSlug,
  type Action,
  type Registry,
  type ResourceDescriptor,
} from '../../resources';
import { LANGUAGES } from '../../i18n/languages';
import { seedSamples } from '../../server/startup/seed-samples';
import { entityMessages, type Entity } from '../../scripts/entities';
import { withFixtureEntities } from '../fixtures/fixture-entities';
import { catalogueMenuFor, type CatalogueEntry } from '../msw/menu';
import { DATABASES, startServer, type TestServer } from './harness';

/**
 * Adding an entity is adding a folder: the fixture folder tests/fixtures/entities/instrument/ is
 * found by the same discovery as resources/ (scripts/entities.ts) and gets a table, working routes,
 * API documentation, a menu entry with its icon, words and menu labels in every language and its
 * demo records. (tests/ui/fixtureEntity.test.tsx shows the entry in the console.)
 */
let entities: Entity[];
let registry: Registry;
beforeAll(async () => {
  ({ entities, registry } = await withFixtureEntities());
});

describe('discovery', () => {
  it('finds the fixture folders beside the product entities, in menu order', () => {
    const names = entities.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['instrument', 'equipment', 'medicine']));
    // Its menu.position (45) puts it after the services group (40, 41) and before the website (50).
    expect(names.indexOf('instrument')).toBe(names.indexOf('investigation') + 1);
    expect(names.indexOf('about')).toBe(names.indexOf('instrument') + 1);
  });

  it('brings its words and its menu labels in the four languages', () => {
    const list = permissionSlug(registry.get('instrument'), 'list');
    for (const lang of LANGUAGES) {
      const { menu, menus, resources } = entityMessages(entities, lang);
      const words = resources.instrument;
      expect(words, lang).toBeDefined();
      expect(menu.laboratory, lang).toEqual(expect.any(String));
      // The navigation's labels: the group's entry and the list's, from the folder's labels.<lang>.ts.
      expect(menus.laboratory, lang).toBe(menu.laboratory);
      expect(menus[list], lang).toBe(words?.menu);
      for (const f of registry.get('instrument').fields) expect(words?.fields[f.name], `${lang} ${f.name}`).toEqual(expect.any(String));
    }
    expect(entityMessages(entities, 'bn').menu.laboratory).toBe('পরীক্ষাগার');
    expect(entityMessages(entities, 'es').menus[list]).toBe('Instrumentos de laboratorio');
    expect(entityMessages(entities, 'es').resources.instrument?.choices?.instrument_kind?.Microscope).toBe('Microscopio');
  });
});

interface OpenApi {
  paths: Record<string, Partial<Record<string, { operationId?: string }>>>;
}
/** The document's operation for a descriptor's action (`/instrument/instrument-update/{id}` put). */
function operation(doc: OpenApi, d: ResourceDescriptor, action: Action) {
  const found = Object.entries(doc.paths).find(([p]) => p.replace(/^\/api/, '').replace(/\/(\{id\})?$/, '') === actionPath(d, action));
  return found?.[1][METHOD[action].toLowerCase()];
}

/** What the console reads of a navigation entry (ids and positions are the database's). */
const named = (e: CatalogueEntry): unknown => ({
  menu_slug: e.menu_slug,
  menu_name: e.menu_name,
  menu_icon: e.menu_icon,
  menu_name_shipped: e.menu_name_shipped,
  menus: e.menus.map(named),
});

describe.each(DATABASES)('the fixture entity on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { registry, seed: false });
  });
  afterAll(() => s?.close());

  it('gets its table and working routes', async () => {
    const tables = await s.app.ctx.conn.db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['instrument', 'equipment']));
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

  it('has an OpenAPI operation for each of its actions', async () => {
    const doc = (await s.call('GET', '/api/docs/json')).json<OpenApi>();
    const instrument = registry.get('instrument');
    expect(actionsOf(instrument)).toEqual(ACTIONS);
    for (const action of ACTIONS) expect(operation(doc, instrument, action)?.operationId, action).toEqual(expect.any(String));
  });

  it('gets a menu entry under its own group with its icon, granted to Super Admin', async () => {
    const rows = await s.app.ctx.conn.db
      .selectFrom('menu')
      .select(['menu_id', 'menu_slug', 'main_menu', 'menu_visible_status', 'menu_icon'])
      .where((eb) => eb.or([eb('menu_slug', '=', 'laboratory'), eb('menu_slug', 'like', 'instrument/%')]))
      .execute();
    const group = rows.find((m) => m.menu_slug === 'laboratory');
    expect(group).toMatchObject({ main_menu: 0, menu_visible_status: 1, menu_icon: 'Science' });
    const list = rows.find((m) => m.menu_slug === permissionSlug(registry.get('instrument'), 'list'));
    expect(list).toMatchObject({ main_menu: group?.menu_id, menu_visible_status: 1, menu_icon: 'Science' });
    const me = (await s.call('GET', '/api/users/get-auth-user')).json().data;
    expect(me.permissions).toContain('instrument/instrument-list');
  });

  it('answers the navigation the console tests mock (tests/msw/menu.ts catalogueMenuFor)', async () => {
    const answer = (await s.call('GET', '/api/menu/menu-list-user')).json<{ data: CatalogueEntry[] }>().data;
    const me = (await s.call('GET', '/api/users/get-auth-user')).json<{ data: { permissions: string[] } }>().data;
    const mocked = catalogueMenuFor(me.permissions, registry);
    for (const slug of ['laboratory', 'inventory', 'pharmacy']) {
      const real = answer.find((e) => e.menu_slug === slug);
      expect(real, slug).toBeDefined();
      const mock = mocked.find((e) => e.menu_slug === slug);
      expect(mock && named(mock), slug).toEqual(real && named(real));
    }
  });

  it('seeds its demo records when asked to', async () => {
    const samples = entities.find((e) => e.name === 'instrument')?.samples ?? [];
    expect(samples.length).toBe(2);
    await seedSamples(s.app.ctx.conn.db, registry, s.app.ctx.crud, { instrument: samples });
    const list = (await s.call('GET', '/api/instrument/instrument-list/?status=all&search=microscope')).json();
    expect(list).toMatchObject({ total: 1, data: [expect.objectContaining({ instrument_code: 'MIC-1' })] });
  });
});
