import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, descriptors, type Registry, type ResourceDescriptor } from '../../resources';
import equipment from '../fixtures/entities/equipment';
import { withFixtureEntities } from '../fixtures/fixture-entities';
import { DATABASES, startServer, type TestServer } from './harness';

/**
 * The entity folder tests/fixtures/entities/equipment/, found by the same discovery as resources/
 * (with the other fixture folders), validated by its descriptor: a choice, a conditional required
 * field, a reference, rows.
 */
let registry: Registry;
beforeAll(async () => {
  ({ registry } = await withFixtureEntities());
});

describe.each(DATABASES)('an entity folder defined only in the tests, on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind, { registry, seed: false });
  });
  afterAll(() => s?.close());

  it('gets a table and working contract routes', async () => {
    const created = await s.call('POST', '/api/equipment/equipment-create', {
      body: { equipment_code: 'ECG-1', equipment_name: 'ECG machine', equipment_voltage: '220', equipment_parts: [{ part: 'Leads' }] },
    });
    expect(created.statusCode).toBe(201);
    const e = created.json().data;
    expect(e).toMatchObject({
      equipment_id: 1,
      equipment_kind: 'Device',
      equipment_voltage: 220,
      equipment_status: 1,
      department: { department_id: 0, department_name: '' },
    });
    expect(JSON.parse(e.equipment_parts)).toEqual([{ part: 'Leads' }]);
    const list = (await s.call('GET', '/api/equipment/equipment-list/?status=all&search=ecg')).json();
    expect(list).toMatchObject({ status: 1, total: 1 });
    expect(
      (await s.call('PUT', '/api/equipment/equipment-update/1', { body: { equipment_name: 'ECG 12-lead' } })).json().data.equipment_name,
    ).toBe('ECG 12-lead');
    expect((await s.call('DELETE', '/api/equipment/equipment-delete/1')).statusCode).toBe(200);
  });

  it('validates by the descriptor, including conditional required fields', async () => {
    const device = await s.call('POST', '/api/equipment/equipment-create', {
      body: { equipment_code: 'X', equipment_name: 'X', equipment_kind: 'Device' },
    });
    expect(device.statusCode).toBe(422);
    expect(device.json().errors).toEqual({ equipment_voltage: 'equipment_voltage is required' });
    const chair = await s.call('POST', '/api/equipment/equipment-create', {
      body: { equipment_code: 'CH', equipment_name: 'Chair', equipment_kind: 'Furniture' },
    });
    expect(chair.statusCode).toBe(201);
    const wrong = await s.call('POST', '/api/equipment/equipment-create', {
      body: { equipment_code: 'W', equipment_name: 'W', equipment_kind: 'Vehicle' },
    });
    expect(wrong.json().errors.equipment_kind).toMatch(/one of: Device, Furniture/);
  });

  it('puts its permission slugs in the menu catalogue, granted to Super Admin', async () => {
    const me = (await s.call('GET', '/api/users/get-auth-user')).json().data;
    expect(me.permissions).toEqual(
      expect.arrayContaining([
        'equipment/equipment-list',
        'equipment/get-equipment',
        'equipment/equipment-create',
        'equipment/equipment-update',
        'equipment/equipment-delete',
      ]),
    );
    const menu = await s.app.ctx.conn.db
      .selectFrom('menu')
      .select(['menu_slug', 'main_menu', 'menu_visible_status'])
      .where('menu_slug', 'like', 'equipment/%')
      .execute();
    expect(menu).toHaveLength(5);
    expect(menu.filter((m) => m.menu_visible_status === 1).map((m) => m.menu_slug)).toEqual(['equipment/equipment-list']);
  });
});

describe('descriptor checks', () => {
  it('refuses a registry with a broken descriptor, saying what is wrong', () => {
    const broken = {
      ...equipment,
      name: 'broken',
      table: 'broken',
      api: { prefix: 'broken', body: 'json' },
      statusField: 'nope',
      fields: [
        ...equipment.fields.filter((f) => f.name !== 'equipment_department'),
        { name: 'x_ref', kind: 'reference', reference: 'ghost', embedAs: 'ghost' },
      ],
    } as ResourceDescriptor;
    expect(() => createRegistry([...descriptors, broken])).toThrow(/statusField "nope"[\s\S]*unknown resource "ghost"/);
    expect(() => createRegistry([...descriptors, { ...equipment, name: 'again', table: 'again' }, equipment])).toThrow(
      /path \/equipment\/equipment-list is also used/,
    );
  });
});
