import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionPath, users } from '../../../resources';
import { doctors } from '../../../resources/doctors';
import { legalHold } from '../../../resources/legal-hold';
import { ERASURE_SLUG, erasurePath } from '../../../resources/erasure';
import { PRIVACY_SLUGS } from '../../../resources/privacy';
import { dynamic, type Row } from '../../../server/db/database';
import { auditDb, verifyChain } from '../../../server/modules/audit/chain';
import { holdPictureDeletes, HELD } from '../../../server/ops/picture-hold';
import { DATABASES, multipart, png, startServer, type TestServer } from '../harness';
import { created, PASSWORD, world, type World } from '../users/helpers';

/**
 * Issue 49 point 3, on both databases: after a person is erased, no table (the audit log and its
 * snapshots, the search index, the sign-in history included) and no file of the data folder holds
 * their name, username, e-mail, phone or picture bytes; the chain still verifies (the verifier
 * `npm run audit:verify` runs); restore and undelete cannot bring the values back. Refusals (a
 * legal hold, oneself, the last Super Admin, another branch, no permission) change nothing.
 */

interface Entry {
  audit_id: number;
  audit_action: string;
  audit_actor: number | null;
  audit_actor_name: string | null;
  audit_changes: Record<string, unknown>;
  audit_snapshot?: Record<string, unknown> | null;
}

describe.each(DATABASES)('erasure (%s)', (kind) => {
  let s: TestServer;
  let w: World;
  let group: number;

  beforeAll(async () => {
    s = await startServer(kind);
    w = await world(s, 'ER');
    group = await w.group('ERG', ['designation/designation-create', 'users/user-list']);
  });
  afterAll(async () => {
    await s?.close();
  });

  const db = () => s.app.ctx.conn.db;

  /** Every table's every row, each as text (binary columns, the FTS index's pages, read byte for byte). */
  async function everyTable(): Promise<Map<string, string>> {
    const names =
      kind === 'sqlite'
        ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db())).rows.map((r) => r.name)
        : (
            await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`.execute(
              db(),
            )
          ).rows.map((r) => r.name);
    const out = new Map<string, string>();
    for (const name of names) {
      const rows = (await sql<Row>`SELECT * FROM ${sql.table(name)}`.execute(db())).rows;
      const text = rows
        .map((r) =>
          Object.values(r).map((v) => (Buffer.isBuffer(v) || v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : String(v))),
        )
        .flat()
        .join('\n');
      out.set(name, text);
    }
    return out;
  }

  /** The tables (and how many) whose text holds any needle, case-insensitively. */
  async function tablesHolding(needles: readonly string[]): Promise<string[]> {
    const found: string[] = [];
    const tables = await everyTable();
    expect(tables.size).toBeGreaterThan(20);
    for (const [name, text] of tables) {
      const lower = text.toLowerCase();
      for (const n of needles) if (lower.includes(n.toLowerCase())) found.push(`${name}: ${n}`);
    }
    return found;
  }

  /** Every file under the data folder that holds any of the byte strings. */
  function filesHolding(bytes: readonly Buffer[]): string[] {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.isFile()) {
          const content = fs.readFileSync(p);
          if (bytes.some((b) => content.includes(b))) found.push(path.relative(s.dataDir, p));
        }
      }
    };
    walk(s.dataDir);
    return found;
  }

  const history = async (resource: string, id: number): Promise<Entry[]> => {
    const res = await s.call('GET', `/api/audit/history/${resource}/${id}?limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Entry[];
  };
  const stored = async (table: string, idField: string, id: number) =>
    await dynamic(db()).selectFrom(table).selectAll().where(sql.ref(idField), '=', id).executeTakeFirst();
  const keyOf = (resource: string, id: number) =>
    sql<{ n: number | string }>`SELECT count(*) AS n FROM person_key WHERE key_resource = ${resource} AND key_record = ${id}`
      .execute(db())
      .then((r) => Number(r.rows[0]?.n));
  const entries = async () =>
    Number(
      (
        await auditDb(db())
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const erase = (resource: string, id: number, token?: string) => s.call('POST', `/api${erasurePath(resource, id)}`, { token });

  async function withPicture(
    url: string,
    method: 'POST' | 'PUT',
    fields: Record<string, string>,
    field: string,
    label: string,
    token?: string,
  ) {
    const mp = await multipart({ ...fields, [field]: { file: await png(label, 60, 40), name: 'p.png', type: 'image/png' } });
    const res = await s.app.inject({ method, url, headers: { ...mp.headers, 'access-token': token ?? s.token }, payload: mp.payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data as Row;
  }

  it('leaves no copy of a staff account in any table or file; the chain verifies; restore cannot bring values back', async () => {
    const name = 'Ozymandias Quillfeather';
    const username = 'oz.quillfeather';
    const email = 'oz.quillfeather@erasure-test.org';
    const made = await withPicture(
      `/api${actionPath(users, 'create')}`,
      'POST',
      Object.fromEntries(
        Object.entries(w.userBody(username, w.branchA, group, { user_name: name, user_email: email, user_phone: '+8801799912345' })).map(
          ([k, v]) => [k, String(v)],
        ),
      ),
      'user_picture',
      'first picture',
    );
    const id = Number(made.user_id);
    const first = await stored('users', 'user_id', id);
    const phone = String(first?.user_phone);
    const firstPicture = fs.readFileSync(path.join(s.dataDir, String(first?.user_picture)));

    // A backup is running while the picture is replaced: the replaced one is held aside for it.
    const backup = holdPictureDeletes(s.dataDir);
    try {
      await withPicture(`/api${actionPath(users, 'update')}/${id}`, 'PUT', {}, 'user_picture', 'second picture');
      const second = await stored('users', 'user_id', id);
      const secondPicture = fs.readFileSync(path.join(s.dataDir, String(second?.user_picture)));
      expect(filesHolding([firstPicture]).some((f) => f.startsWith(HELD))).toBe(true);

      // They sign in (history, a session), fail once (the name they typed), and act (entries naming them as actor).
      const token = await w.login(username);
      await s.call('POST', '/api/users/user-login/', { body: { username, password: 'wrong-password-9' }, token: null });
      await created(s, '/api/designation/designation-create', { designation_code: 'D-OZ', designation_name: 'Made by Oz' }, token);
      const upd = await s.call('PUT', `/api/users/user-update/${id}`, { body: { user_address: 'Lalbagh Road 7, Dhaka' } });
      expect(upd.statusCode, upd.body).toBe(200);

      const needles = [name, username, email, phone, 'Lalbagh Road'];
      // Sealed in the trail already: only their own record, sign-in history, throttle and search index hold them in clear.
      const before = await tablesHolding(needles);
      expect(before.filter((t) => t.startsWith('audit_log'))).toEqual([]);
      // Readers see the values, opened with their key.
      const seen = await history('users', id);
      expect(seen.find((e) => e.audit_action === 'create')?.audit_changes).toMatchObject({
        user_name: { after: name },
        username: { after: username },
      });
      const designations = (await s.call('GET', '/api/audit/audit-list?resource=designation&action=create&limit=100')).json()
        .data as Entry[];
      expect(designations.find((e) => e.audit_actor === id)?.audit_actor_name).toBe(name);
      const earlierVersion = seen.find((e) => e.audit_action === 'update')!;

      const res = await erase('users', id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ resource: 'users', id, pictures: 2 });

      expect(await tablesHolding(needles)).toEqual([]);
      expect(filesHolding([firstPicture, secondPicture])).toEqual([]);
      expect(await verifyChain(db())).toMatchObject({ ok: true });
      expect(await keyOf('users', id)).toBe(0);

      // The record stays, anonymised and deactivated; their session is over and they cannot sign in.
      expect(await stored('users', 'user_id', id)).toMatchObject({
        user_name: `Erased person #${id}`,
        username: `erased-${id}`,
        user_status: 0,
        user_picture: '',
      });
      expect((await s.call('GET', '/api/users/user-list', { token })).statusCode).toBe(401);

      // The trail shows their earlier values as erased, their name as actor too, and the erasure itself.
      const after = await history('users', id);
      expect(after[0]).toMatchObject({ audit_action: 'erase', audit_changes: { erased: { pictures: 2 } } });
      expect(after.find((e) => e.audit_action === 'create')?.audit_changes).toMatchObject({ user_name: { after: { erased: true } } });
      const designationsNow = (await s.call('GET', '/api/audit/audit-list?resource=designation&action=create&limit=100')).json()
        .data as Entry[];
      expect(designationsNow.find((e) => e.audit_actor === id)?.audit_actor_name).toBe('(erased)');

      // Restore of an earlier version cannot bring the values back.
      const restore = await s.call('POST', `/api/audit/restore/${earlierVersion.audit_id}`, { body: { latest: after[0]!.audit_id } });
      expect(restore.statusCode).toBe(422);
      expect(restore.json().message).toMatch(/erased/);
      expect(await tablesHolding(needles)).toEqual([]);

      // The subject access export of the erased person holds none of it either.
      const exported = await s.call('GET', `/api/privacy/subject-access/users/${id}`);
      expect(exported.statusCode).toBe(200);
      expect(needles.some((n) => exported.rawPayload.toString('latin1').toLowerCase().includes(n.toLowerCase()))).toBe(false);
      // A sign-in attempt under the old name after the erasure is new data (the throttle counts it), and fails.
      const again = await s.call('POST', '/api/users/user-login/', { body: { username, password: PASSWORD }, token: null });
      expect(again.statusCode).not.toBe(200);
    } finally {
      backup.release();
    }
  });

  it('an erased doctor stays (with what names them), and undelete of a version from before cannot bring the values back', async () => {
    const name = 'Doctor Philomena Wexley';
    const department = w.department;
    const body = { name, title: 'Wexley Eye Surgeon', doctor_department: String(department) };
    const made = await withPicture(`/api${actionPath(doctors, 'create')}`, 'POST', body, 'picture', 'doctor picture');
    const id = Number(made.id);
    const picture = fs.readFileSync(path.join(s.dataDir, String((await stored('doctor', 'id', id))?.picture)));
    expect((await s.call('DELETE', `/api${actionPath(doctors, 'delete')}/${id}`)).statusCode).toBe(200);
    const deleted = (await s.call('GET', '/api/audit/deleted/doctors')).json().data as Entry[];
    const oldDelete = deleted.find((e) => e.audit_changes && (e as unknown as { audit_record: number }).audit_record === id)!;
    expect(oldDelete.audit_snapshot).toMatchObject({ name });
    const back = await s.call('POST', `/api/audit/undelete/${oldDelete.audit_id}`, { body: {} });
    expect(back.statusCode, back.body).toBe(201);

    const res = await erase('doctors', id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored('doctor', 'id', id)).toMatchObject({
      name: `Erased person #${id}`,
      title: `Erased person #${id}`,
      doctor_department: department,
    });
    expect(await tablesHolding([name, 'Wexley'])).toEqual([]);
    expect(filesHolding([picture])).toEqual([]);
    expect(await verifyChain(db())).toMatchObject({ ok: true });

    // Deleted again: the older delete's values are gone for good; the newer brings back only erased values.
    expect((await s.call('DELETE', `/api${actionPath(doctors, 'delete')}/${id}`)).statusCode).toBe(200);
    const refused = await s.call('POST', `/api/audit/undelete/${oldDelete.audit_id}`, { body: {} });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/erased/);
    const newest = ((await s.call('GET', '/api/audit/deleted/doctors')).json().data as (Entry & { audit_record: number })[]).find(
      (e) => e.audit_record === id,
    )!;
    const undeleted = await s.call('POST', `/api/audit/undelete/${newest.audit_id}`, { body: {} });
    expect(undeleted.statusCode, undeleted.body).toBe(201);
    expect(undeleted.json().data).toMatchObject({ name: `Erased person #${id}` });
    expect(await tablesHolding([name, 'Wexley'])).toEqual([]);
  });

  it('refuses a legal hold, oneself, the last Super Admin, another branch and no permission, with a clear message and nothing changed', async () => {
    const eraserGroup = await w.group('ERX', [ERASURE_SLUG, 'users/user-list', 'users/get-user', 'users/user-update']);
    const branchEraser = await w.member('er.branch', w.branchA, eraserGroup);
    const hospitalEraser = await w.member('er.hospital', 0, eraserGroup);
    const noSlug = await w.principal('ERNO', 'er.noslug', 0, ['users/user-list', 'users/get-user', PRIVACY_SLUGS.subjectAccess]);
    const held = await w.user('er.held', w.branchA, group);
    const elsewhere = await w.user('er.elsewhere', w.branchB, group);
    const admin = (await db().selectFrom('users').select('user_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).user_id;
    // Each has a key already (their create's entry was sealed with it).
    for (const id of [held, elsewhere, admin]) expect(await keyOf('users', id)).toBe(1);

    const hold = await created(s, `/api${actionPath(legalHold, 'create')}`, {
      hold_resource: 'users',
      hold_record: held,
      hold_reason: 'Pending court case',
      hold_status: 1,
    });
    const snapshot = async () => ({
      entries: await entries(),
      rows: await Promise.all([held, elsewhere, admin].map((id) => stored('users', 'user_id', id))),
      keys: await Promise.all([held, elsewhere, admin].map((id) => keyOf('users', id))),
    });
    const start = await snapshot();
    const cases: [string, () => Promise<{ statusCode: number; json(): { message: string } }>, number, RegExp][] = [
      ['legal hold', () => erase('users', held), 409, /legal hold/],
      ['oneself', () => erase('users', admin), 409, /your own account/],
      ['last Super Admin', () => erase('users', admin, hospitalEraser.token), 409, /last active Super Admin cannot be erased/],
      ['another branch', () => erase('users', elsewhere, branchEraser.token), 404, /another branch/],
      ['no permission', () => erase('users', elsewhere, noSlug.token), 403, /permission/],
      ['a resource about things', () => erase('medicine', 1), 422, /describes no person/],
    ];
    for (const [what, attempt, status, message] of cases) {
      const res = await attempt();
      expect(res.statusCode, what).toBe(status);
      expect(res.json().message, what).toMatch(message);
    }
    expect(await snapshot()).toEqual(start);

    // The hold lifted, the same person is erased.
    const lifted = await s.call('PUT', `/api${actionPath(legalHold, 'update')}/${String(hold.hold_id)}`, { body: { hold_status: 0 } });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await erase('users', held)).statusCode).toBe(200);
    expect(await keyOf('users', held)).toBe(0);
  });
});
