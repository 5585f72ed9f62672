import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from '../harness';
import { tokenOf } from '../accounts/helpers';
import { insertUser } from '../../fixtures/users';
import { directorySettings } from './helpers';
import { dynamic } from '../../../server/db/database';
import { setting } from '../../../server/db/settings';

const MAP = [
  'directory-mapping/directory-mapping-list',
  'directory-mapping/directory-mapping-create',
  'directory-mapping/directory-mapping-update',
  'directory-mapping/directory-mapping-delete',
];

describe.each(DATABASES)('the mapping screen obeys the rule of group edits on %s', (kind) => {
  let s: TestServer;
  let manager: string;
  let smallGroup: number;
  let superAdmin: number;
  beforeAll(async () => {
    s = await startServer(kind, { config: { directory: directorySettings(undefined) } });
    // A mapping manager who holds the mapping screens and the doctors list, nothing else.
    await insertUser(s.app.ctx, { username: 'mapper', password: 'mapper-password-1', group: 900, slugs: [...MAP, 'doctors/doctors-list'] });
    manager = await tokenOf(s, 'mapper', 'mapper-password-1');
    await insertUser(s.app.ctx, { username: 'reader', password: 'reader-password-1', group: 901, slugs: ['doctors/doctors-list'] });
    smallGroup = 901;
    superAdmin = Number(await setting(s.app.ctx.conn.db, 'super_admin_group'));
  });
  afterAll(() => s.close());

  const create = (body: Record<string, unknown>, token = manager) =>
    s.call('POST', '/api/directory-mapping/directory-mapping-create', { token, body: { mapping_kind: 'group', ...body } });

  it('lets a manager map to a group granting no more than they hold', async () => {
    const res = await create({ mapping_value: 'doctors-readers', mapping_group: smallGroup });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a mapping to a group granting more than the manager holds, and stores nothing', async () => {
    const res = await create({ mapping_value: 'it-admins', mapping_group: superAdmin });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/This mapping would give permissions you do not hold/);
    const rows = await dynamic(s.app.ctx.conn.db)
      .selectFrom('directory_mapping')
      .select('mapping_value')
      .where('mapping_value', '=', 'it-admins')
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a change of a Super Admin row by the manager, while the Super Admin may make it', async () => {
    const made = await create({ mapping_value: 'it-admins', mapping_group: superAdmin }, s.token);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.mapping_id as number;
    const edit = await s.call('PUT', `/api/directory-mapping/directory-mapping-update/${id}`, {
      token: manager,
      body: { mapping_group: smallGroup },
    });
    expect(edit.statusCode).toBe(403);
    const del = await s.call('DELETE', `/api/directory-mapping/directory-mapping-delete/${id}`, { token: manager });
    expect(del.statusCode).toBe(403);
  });

  it('refuses a group row without a group, and a branch row without a branch', async () => {
    const noGroup = await create({ mapping_value: 'x' });
    expect(noGroup.statusCode).toBe(422);
    expect(noGroup.json().message).toMatch(/mapping_group is required/);
    const noBranch = await create({ mapping_kind: 'branch', mapping_value: 'x' });
    expect(noBranch.statusCode).toBe(422);
  });
});
