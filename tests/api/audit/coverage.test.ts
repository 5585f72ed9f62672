import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionPath, registry, type ResourceDescriptor } from '../../../resources';
import { bulkPath } from '../../../resources/bulk';
import { importable, importColumns, importPath, naturalKeyOf, UNDO_IMPORT_PATH } from '../../../resources/spreadsheets';
import { dynamic, type Row } from '../../../server/db/database';
import { UNTRAILED_ROUTES } from '../../../server/modules/audit/untrailed';
import { verifyChain } from '../../../server/modules/audit/chain';
import { createExamples } from '../../fixtures/examples';
import { approvalsOf } from '../../../server/modules/approvals';
import { DATABASES, multipart, png, startServer, type TestServer } from '../harness';
import { PASSWORD, world, type World } from '../users/helpers';
import { secondFactorTrailCases } from '../second-factor/trail-cases';

/**
 * Every write route of the OpenAPI document, called successfully: exactly the expected entries
 * are added (resource, record, action, changed fields and values). The same routes called without
 * a session add none. A write route with neither a case here nor a declaration in
 * server/modules/audit/untrailed.ts fails: a new route cannot go without its trail unnoticed.
 */
interface Entry {
  audit_id: number;
  audit_action: string;
  audit_resource: string;
  audit_record: number | null;
  audit_actor: number | null;
  audit_changes: Record<string, unknown>;
}
interface Expected {
  resource: string;
  /** null: an entry about a resource as a whole (an import, an export). */
  record: number | null;
  action: string;
  /** Exactly these changes; a function to derive them once the write is done. */
  changes?: Record<string, unknown> | (() => Promise<Record<string, unknown>>);
}
interface Case {
  /** Runs the write and answers the entries it must add (in order). */
  run(): Promise<Expected[]>;
}

const BOOKKEEPING = new Set(['created_at', 'updated_at']);
const empty = (v: unknown) => v === null || v === undefined || v === '';

/** What a create or delete of this stored row must list: every non-empty column, secrets as changed. */
function rowChanges(d: Pick<ResourceDescriptor, 'idField' | 'secretColumns'>, row: Row, side: 'before' | 'after') {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (k === d.idField || BOOKKEEPING.has(k) || empty(v)) continue;
    out[k] = d.secretColumns?.includes(k) ? { changed: true } : { [side]: v };
  }
  return out;
}

/** Generic write routes are matched by path; `{id}` in the document stands for the record. */
const opKey = (method: string, p: string) => `${method.toUpperCase()} ${p}`;

describe.each(DATABASES)('every write route leaves its trail on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let ops: string[];
  const cases = new Map<string, Case>();
  const db = () => dynamic(s.app.ctx.conn.db);
  const newest = async () => Number((await sql<{ n: unknown }>`SELECT max(audit_id) AS n FROM audit_log`.execute(db())).rows[0]?.n ?? 0);
  const entriesAfter = async (id: number) =>
    (await sql<Entry & { audit_changes: string }>`SELECT * FROM audit_log WHERE audit_id > ${id} ORDER BY audit_id`.execute(db())).rows.map(
      (r) => ({ ...r, audit_changes: JSON.parse(r.audit_changes) as Record<string, unknown> }),
    );
  const stored = (d: ResourceDescriptor, id: number) =>
    db().selectFrom(d.table).selectAll().where(sql.ref(d.idField), '=', id).executeTakeFirstOrThrow();
  const ok = async (method: string, url: string, options: Parameters<TestServer['call']>[2] = {}) => {
    const res = await s.call(method, url, options);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json<{ data: Record<string, unknown> }>();
  };

  /** A create body for a descriptor, from its newest stored row, unique values made new. */
  let serial = 0;
  async function bodyFor(d: ResourceDescriptor): Promise<Record<string, unknown>> {
    const row = await db().selectFrom(d.table).selectAll().orderBy(sql.ref(d.idField), 'desc').limit(1).executeTakeFirstOrThrow();
    const body: Record<string, unknown> = {};
    for (const f of d.fields) {
      if (f.kind === 'image' || f.kind === 'imageList' || empty(row[f.name])) continue;
      body[f.name] = row[f.name];
      if (f.unique) body[f.name] = `${String(row[f.name]).slice(0, 20)}-T${++serial}`;
    }
    if (d.statusField) body[d.statusField] = 1;
    // A field rule is one per group, resource and field: each copy names another field of medicine.
    if (d.name === 'field-rule') {
      const taken = await db()
        .selectFrom(d.table)
        .select(sql.ref('field_rule_field').as('field'))
        .where(sql.ref('field_rule_resource'), '=', 'medicine')
        .execute();
      const free = registry.get('medicine').fields.find((f) => !taken.some((t) => t.field === f.name))!;
      Object.assign(body, { field_rule_user: 0, field_rule_resource: 'medicine', field_rule_field: free.name });
    }
    // A workflow is one per resource, and names one: each copy takes a resource without one.
    if (d.name === 'workflow') {
      const taken = await db().selectFrom(d.table).select(sql.ref('workflow_resource').as('r')).execute();
      const free = registry.all.find((x) => !['workflow', 'change-request'].includes(x.name) && !taken.some((t) => t.r === x.name))!;
      Object.assign(body, { workflow_resource: free.name, workflow_mode: 'none', workflow_groups: '[]' });
    }
    return body;
  }
  /** An update the resource accepts and its trail entry's change (a rule's text fields name a resource and a field). */
  const updateOf = (d: ResourceDescriptor): [string, unknown] =>
    d.name === 'field-rule'
      ? ['field_rule_level', 'hidden']
      : d.name === 'row-rule'
        ? ['row_rule_values', '1']
        : d.name === 'workflow'
          ? ['workflow_status', 0]
          : [textField(d).name, 'Changed by the trail test'];
  const textField = (d: ResourceDescriptor) => d.fields.find((f) => f.kind === 'text' && !f.unique && f.name !== d.statusField)!;

  function genericCases(d: ResourceDescriptor) {
    const created: number[] = [];
    const createOne = async () => {
      const body = await bodyFor(d);
      if (d.singleton) await db().deleteFrom(d.table).execute();
      const data = (await ok('POST', `/api${actionPath(d, 'create')}`, { body })).data;
      const id = Number(data[d.idField]);
      created.push(id);
      return id;
    };
    cases.set(opKey('post', `/api${actionPath(d, 'create')}`), {
      async run() {
        const id = await createOne();
        return [{ resource: d.name, record: id, action: 'create', changes: async () => rowChanges(d, await stored(d, id), 'after') }];
      },
    });
    cases.set(opKey('put', `/api${actionPath(d, 'update')}/{id}`), {
      async run() {
        const id = created.at(-1) ?? (await createOne());
        const [name, value] = updateOf(d);
        const before = (await stored(d, id))[name];
        await ok('PUT', `/api${actionPath(d, 'update')}/${id}`, { body: { [name]: value } });
        return [{ resource: d.name, record: id, action: 'update', changes: { [name]: { before, after: value } } }];
      },
    });
    if (!d.singleton) {
      cases.set(opKey('delete', `/api${actionPath(d, 'delete')}/{id}`), {
        async run() {
          const id = await createOne();
          const row = await stored(d, id);
          await ok('DELETE', `/api${actionPath(d, 'delete')}/${id}`);
          return [{ resource: d.name, record: id, action: 'delete', changes: rowChanges(d, row, 'before') }];
        },
      });
      cases.set(opKey('post', `/api${bulkPath(d)}`), {
        async run() {
          const id = await createOne();
          const status = d.statusField!;
          await ok('POST', `/api${bulkPath(d)}`, { body: { action: 'deactivate', ids: [id] } });
          return [{ resource: d.name, record: id, action: 'update', changes: { [status]: { before: 1, after: 0 } } }];
        },
      });
    }
  }

  /**
   * The change requests' decisions (issue 48), each on a designation change its author sent for
   * review under a workflow that holds only while the case runs.
   */
  function approvalCases() {
    const designations = registry.get('designation');
    let people: { approver: string; author: { id: number; token: string }; flow: number } | undefined;
    const setUp = async () => {
      if (people) return people;
      const approvers = await w.group('COV-APPROVERS', ['change-request/change-request-approve', 'change-request/change-request-reject']);
      const authors = await w.group('COV-AUTHORS', ['designation/designation-update', 'change-request/change-request-rebase']);
      const flow = await s.app.ctx.crud.create(registry.get('workflow'), {
        fields: { workflow_resource: 'designation', workflow_mode: 'review', workflow_groups: `[${approvers}]`, workflow_status: 0 },
        files: [],
      });
      people = {
        approver: (await w.member('cov-approver', w.branchA, approvers)).token,
        author: await w.member('cov-author', w.branchA, authors),
        flow: Number(flow.workflow_id),
      };
      return people;
    };
    const switchFlow = async (on: 0 | 1) => {
      await db().updateTable('workflow').set({ workflow_status: on }).where('workflow_id', '=', people!.flow).execute();
      approvalsOf(s.app.ctx).state.invalidate();
    };
    /** The author's change sent for review; the request's id and the name asked for. */
    const submit = async () => {
      const { author } = await setUp();
      await switchFlow(1);
      const name = `Reviewed ${++serial}`;
      const res = await s.call('PUT', `/api${actionPath(designations, 'update')}/${w.designation}`, {
        token: author.token,
        body: { designation_name: name },
      });
      expect(res.statusCode, res.body).toBe(202);
      return { id: Number(res.json<{ data: Row }>().data.change_request_id), name };
    };
    const decided = (action: 'approve' | 'reject' | 'rebase') =>
      cases.set(`POST /api/change-request/change-request-${action}/{id}`, {
        async run() {
          try {
            const sent = await submit();
            const { approver, author } = people!;
            const was = (await stored(designations, w.designation)).designation_name;
            const before = await newest();
            await ok('POST', `/api/change-request/change-request-${action}/${sent.id}`, {
              token: action === 'rebase' ? author.token : approver,
              body: {},
            });
            const entries: Expected[] = [{ resource: 'change-request', record: sent.id, action }];
            if (action === 'approve')
              entries.push({
                resource: 'designation',
                record: w.designation,
                action: 'update',
                changes: {
                  designation_name: { before: was, after: sent.name },
                  change_request: { after: { id: sent.id, author_id: author.id, author_name: 'User cov-author' } },
                },
              });
            return { skipBefore: before, entries } as never;
          } finally {
            await switchFlow(0);
          }
        },
      });
    decided('approve');
    decided('reject');
    decided('rebase');
  }

  /** A one-row CSV for an import: the create body of `bodyFor`, references by their code. */
  async function importFile(d: ResourceDescriptor): Promise<string> {
    const body = await bodyFor(d);
    const columns = importColumns(d).filter((f) => body[f.name] !== undefined);
    const cells: string[] = [];
    for (const f of columns) {
      let v = body[f.name];
      if (f.kind === 'reference') {
        const target = registry.get(f.reference);
        const row = await stored(target, Number(v));
        v = row[naturalKeyOf(target)?.name ?? target.titleField];
      }
      cells.push(`"${String(v).replace(/"/g, '""')}"`);
    }
    return `${columns.map((f) => f.name).join(',')}\n${cells.join(',')}\n`;
  }
  const importOne = async (d: ResourceDescriptor) => {
    const res = await s.call('POST', `/api${importPath(d)}?mode=all`, {
      payload: await importFile(d),
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json<{ data: { batch: number } }>().data.batch;
    const key = naturalKeyOf(d)!;
    const row = await db().selectFrom(d.table).selectAll().orderBy(sql.ref(d.idField), 'desc').limit(1).executeTakeFirstOrThrow();
    expect(row[key.name]).toBeDefined();
    return { batch, id: Number(row[d.idField]) };
  };

  beforeAll(async () => {
    s = await startServer(kind);
    // A stored row of every resource for `bodyFor` to copy (the server starts without demo records).
    await createExamples(s.app);
    w = await world(s, 'COV');
    const doc = (await s.call('GET', '/api/docs/json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    ops = Object.entries(doc.paths).flatMap(([p, m]) =>
      Object.keys(m)
        .filter((x) => ['post', 'put', 'patch', 'delete'].includes(x))
        .map((x) => opKey(x, `/api${p}`)),
    );
    // Users' writes need a password and their own cases (below); every other resource takes the generic ones.
    // Change requests are written by saving under a workflow (their generic writes answer 405, see
    // UNTRAILED_ROUTES); their decisions have their own cases (below).
    for (const d of registry.all) if (d.name !== 'users' && d.name !== 'change-request') genericCases(d);
    approvalCases();
    for (const d of registry.all.filter(importable)) {
      cases.set(opKey('post', `/api${importPath(d)}`), {
        async run() {
          const { id } = await importOne(d);
          return [
            { resource: d.name, record: id, action: 'create', changes: async () => rowChanges(d, await stored(d, id), 'after') },
            { resource: d.name, record: null, action: 'import' },
          ];
        },
      });
    }
    cases.set(opKey('post', `/api${UNDO_IMPORT_PATH}/{batchId}`), {
      async run() {
        const d = registry.get('medicine');
        const { batch, id } = await importOne(d);
        const row = await stored(d, id);
        await ok('POST', `/api${UNDO_IMPORT_PATH}/${batch}`);
        return [
          { resource: d.name, record: id, action: 'delete', changes: rowChanges(d, row, 'before') },
          { resource: d.name, record: null, action: 'import-undo' },
        ];
      },
    });
    const users = registry.get('users');
    const group = await w.group('COVG', []);
    const menuOf = async (slug: string) =>
      (await db().selectFrom('menu').select('menu_id').where('menu_slug', '=', slug).executeTakeFirstOrThrow()).menu_id as number;
    let userSerial = 0;
    const newUser = async () => {
      const username = `cov-${++userSerial}`;
      const id = await w.user(username, w.branchA, group, { user_email: `${username}@hospital.test` });
      return { id, username };
    };
    const signIn = async (username: string, password = PASSWORD) =>
      (await ok('POST', '/api/users/user-login', { body: { username, password }, token: null })).data.token as string;

    // The directory's SCIM tokens (server/modules/directory/token-routes.ts): made and revoked by an administrator.
    const makeToken = async (name: string) =>
      Number((await ok('POST', '/api/directory/scim-tokens', { body: { name } })).data.scim_token_id);
    cases.set('POST /api/directory/scim-tokens', {
      async run() {
        const id = await makeToken('cov-made');
        return [{ resource: 'scim-token', record: id, action: 'scim-token-created', changes: { token_name: { after: 'cov-made' } } }];
      },
    });
    cases.set('DELETE /api/directory/scim-tokens/{id}', {
      async run() {
        const id = await makeToken('cov-revoked');
        await ok('DELETE', `/api/directory/scim-tokens/${id}`);
        return [
          { resource: 'scim-token', record: id, action: 'scim-token-created', changes: { token_name: { after: 'cov-revoked' } } },
          { resource: 'scim-token', record: id, action: 'scim-token-revoked', changes: { token_name: { before: 'cov-revoked' } } },
        ];
      },
    });
    cases.set('POST /api/users/user-create', {
      async run() {
        const data = (await ok('POST', '/api/users/user-create', { body: w.userBody('cov-made', w.branchA, group) })).data;
        const id = Number(data.user_id);
        return [
          { resource: 'users', record: id, action: 'create', changes: async () => rowChanges(users, await stored(users, id), 'after') },
        ];
      },
    });
    cases.set('PUT /api/users/user-update/{id}', {
      async run() {
        const { id } = await newUser();
        const before = (await stored(users, id)).user_name;
        await ok('PUT', `/api/users/user-update/${id}`, { body: { user_name: 'Renamed' } });
        return [{ resource: 'users', record: id, action: 'update', changes: { user_name: { before, after: 'Renamed' } } }];
      },
    });
    cases.set('DELETE /api/users/user-delete/{id}', {
      async run() {
        const { id } = await newUser();
        const row = await stored(users, id);
        await ok('DELETE', `/api/users/user-delete/${id}`);
        return [{ resource: 'users', record: id, action: 'delete', changes: rowChanges(users, row, 'before') }];
      },
    });
    cases.set('POST /api/users/user-bulk', {
      async run() {
        const { id } = await newUser();
        await ok('POST', '/api/users/user-bulk', { body: { action: 'deactivate', ids: [id] } });
        return [{ resource: 'users', record: id, action: 'update', changes: { user_status: { before: 1, after: 0 } } }];
      },
    });
    let menuSerial = 0;
    const newMenu = async () => {
      const data = (
        await ok('POST', '/api/menu/menu-create', {
          body: { menu_name: `Trail ${++menuSerial}`, menu_slug: `trail/menu-${menuSerial}`, permission_group: [group] },
        })
      ).data;
      return Number(data.menu_id);
    };
    cases.set('POST /api/menu/menu-create', {
      async run() {
        const id = await newMenu();
        return [
          {
            resource: 'menu',
            record: id,
            action: 'create',
            changes: async () => {
              const row = await db().selectFrom('menu').selectAll().where('menu_id', '=', id).executeTakeFirstOrThrow();
              return { ...rowChanges({ idField: 'menu_id' }, row, 'after'), permission_group: { after: [group] } };
            },
          },
        ];
      },
    });
    cases.set('PUT /api/menu/menu-update/{id}', {
      async run() {
        const id = await newMenu();
        await ok('PUT', `/api/menu/menu-update/${id}`, { body: { menu_name: 'Trail renamed' } });
        return [
          {
            resource: 'menu',
            record: id,
            action: 'update',
            changes: { menu_name: { before: `Trail ${menuSerial}`, after: 'Trail renamed' } },
          },
        ];
      },
    });
    cases.set('DELETE /api/menu/menu-delete/{id}', {
      async run() {
        const id = await newMenu();
        const row = await db().selectFrom('menu').selectAll().where('menu_id', '=', id).executeTakeFirstOrThrow();
        await ok('DELETE', `/api/menu/menu-delete/${id}`);
        return [
          {
            resource: 'menu',
            record: id,
            action: 'delete',
            changes: { ...rowChanges({ idField: 'menu_id' }, row, 'before'), permission_group: { before: [group] } },
          },
        ];
      },
    });
    cases.set('POST /api/permission/permission-create', {
      async run() {
        const menu = await menuOf('doctors/doctors-list');
        await ok('POST', '/api/permission/permission-create', {
          body: { group_id: group, permission_data: [{ menu_id: menu, permission_status: 1 }] },
        });
        return [
          { resource: 'group', record: group, action: 'permission-change', changes: { granted: ['doctors/doctors-list'], withdrawn: [] } },
        ];
      },
    });
    cases.set('POST /api/permission/permission-create-user', {
      async run() {
        const { id } = await newUser();
        const menu = await menuOf('branch/branch-list');
        await ok('POST', '/api/permission/permission-create-user', {
          body: { user: { user_id: id }, permission_data: [{ menu_id: menu, permission_status: 1 }] },
        });
        return [
          { resource: 'users', record: id, action: 'permission-change', changes: { granted: ['branch/branch-list'], withdrawn: [] } },
        ];
      },
    });
    const viewAs = async () => {
      const { id } = await newUser();
      const data = (await ok('POST', '/api/explain/view-as-start', { body: { user_id: id } })).data;
      return { id, token: data.token as string, endsAt: data.ends_at as string };
    };
    cases.set('POST /api/explain/view-as-start', {
      async run() {
        const { id, endsAt } = await viewAs();
        return [{ resource: 'users', record: id, action: 'view-as-start', changes: { ends_at: { after: endsAt } } }];
      },
    });
    cases.set('POST /api/explain/view-as-end', {
      async run() {
        const { id, token, endsAt } = await viewAs();
        await ok('POST', '/api/explain/view-as-end', { token });
        return [
          { resource: 'users', record: id, action: 'view-as-start', changes: { ends_at: { after: endsAt } } },
          { resource: 'users', record: id, action: 'view-as-end', changes: {} },
        ];
      },
    });
    cases.set('POST /api/users/user-login', {
      async run() {
        const { id, username } = await newUser();
        await signIn(username);
        return [{ resource: 'users', record: id, action: 'sign-in', changes: {} }];
      },
    });
    cases.set('DELETE /api/users/user-session-delete/{id}', {
      async run() {
        const { id, username } = await newUser();
        const mine = await signIn(username);
        await signIn(username);
        const sessions = (await s.call('GET', '/api/users/user-session-list', { token: mine })).json().data as {
          session_id: string;
          session_current: boolean;
        }[];
        const other = sessions.find((x) => !x.session_current)!.session_id;
        const before = await newest();
        await ok('DELETE', `/api/users/user-session-delete/${other}`, { token: mine });
        return {
          skipBefore: before,
          entries: [{ resource: 'users', record: id, action: 'sign-out', changes: { session: { before: other } } }],
        } as never;
      },
    });
    cases.set('DELETE /api/users/user-session-delete-others', {
      async run() {
        const { id, username } = await newUser();
        const mine = await signIn(username);
        await signIn(username);
        const before = await newest();
        await ok('DELETE', '/api/users/user-session-delete-others', { token: mine });
        return {
          skipBefore: before,
          entries: [{ resource: 'users', record: id, action: 'sign-out', changes: { sessions: { before: 'every other session' } } }],
        } as never;
      },
    });
    cases.set('POST /api/users/change-profile-picture', {
      async run() {
        const { id, username } = await newUser();
        const token = await signIn(username);
        const form = await multipart({ user_picture: { file: await png('me'), name: 'me.png', type: 'image/png' } });
        const before = await newest();
        await ok('POST', '/api/users/change-profile-picture', { token, payload: form.payload, headers: form.headers });
        const picture = (await stored(users, id)).user_picture;
        return {
          skipBefore: before,
          entries: [{ resource: 'users', record: id, action: 'update', changes: { user_picture: { before: '', after: picture } } }],
        } as never;
      },
    });
    cases.set('POST /api/users/reset-password', {
      async run() {
        const { id, username } = await newUser();
        const token = await signIn(username);
        const before = await newest();
        await ok('POST', '/api/users/reset-password', {
          token,
          body: {
            verify_email: `${username}@hospital.test`,
            current_password: PASSWORD,
            new_password: 'fresh-horse-battery',
            c_password: 'fresh-horse-battery',
          },
        });
        return {
          skipBefore: before,
          entries: [{ resource: 'users', record: id, action: 'password-change', changes: { password_hash: { changed: true } } }],
        } as never;
      },
    });
    cases.set('POST /api/reset-password-new', {
      async run() {
        const { id, username } = await newUser();
        const email = `${username}@hospital.test`;
        const outbox = path.join(s.dataDir, 'outbox');
        const seen = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
        await ok('POST', '/api/reset-password-verify', { token: null, body: { email } });
        const code = await expect
          .poll(() => {
            const mail = (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).find((f) => !seen.has(f));
            return mail ? /\b(\d{6})\b/.exec(fs.readFileSync(path.join(outbox, mail), 'utf8'))?.[1] : undefined;
          })
          .toMatch(/^\d{6}$/)
          .then(() => {
            const mail = fs.readdirSync(outbox).find((f) => !seen.has(f))!;
            return /\b(\d{6})\b/.exec(fs.readFileSync(path.join(outbox, mail), 'utf8'))![1]!;
          });
        const token = (await ok('POST', '/api/reset-password-otp', { token: null, body: { email, otp: code } })).data.token as string;
        const before = await newest();
        await ok('POST', '/api/reset-password-new', {
          token: null,
          body: { token, new_password: 'reset-horse-battery', c_password: 'reset-horse-battery' },
        });
        return {
          skipBefore: before,
          entries: [{ resource: 'users', record: id, action: 'password-reset', changes: { password_hash: { changed: true } } }],
        } as never;
      },
    });
    const medicine = registry.get('medicine');
    const newMedicine = async () => {
      const data = (await ok('POST', `/api${actionPath(medicine, 'create')}`, { body: await bodyFor(medicine) })).data;
      return Number(data.medicine_id);
    };
    const trailOf = async (id: number) => (await s.call('GET', `/api/audit/history/medicine/${id}`)).json().data as { audit_id: number }[];
    cases.set('POST /api/audit/restore/{entryId}', {
      async run() {
        const id = await newMedicine();
        const first = await stored(medicine, id);
        await ok('PUT', `/api/medicine/medicine-update/${id}`, { body: { medicine_name: 'Restored away' } });
        const [latest, created] = await trailOf(id);
        await ok('POST', `/api/audit/restore/${created!.audit_id}`, { body: { latest: latest!.audit_id } });
        return [
          {
            resource: 'medicine',
            record: id,
            action: 'restore',
            changes: { medicine_name: { before: 'Restored away', after: first.medicine_name } },
          },
        ];
      },
    });
    cases.set('POST /api/audit/undelete/{entryId}', {
      async run() {
        const id = await newMedicine();
        await ok('DELETE', `/api/medicine/medicine-delete/${id}`);
        const [deleted] = await trailOf(id);
        await ok('POST', `/api/audit/undelete/${deleted!.audit_id}`, { body: {} });
        return [
          {
            resource: 'medicine',
            record: id,
            action: 'undelete',
            changes: async () => rowChanges(medicine, await stored(medicine, id), 'after'),
          },
        ];
      },
    });
    const notice = {
      notification_date: '2026-01-05 09:30:00',
      title: 'Trail notice',
      description: '<p>Rounds</p>',
      type: 'All',
      status: 1,
    };
    const newNotice = async () =>
      Number((await ok('POST', '/api/notification/notification-create', { body: notice })).data.notification_id);
    const noticeRow = (id: number) =>
      db().selectFrom('notification').selectAll().where('notification_id', '=', id).executeTakeFirstOrThrow();
    cases.set('POST /api/notification/notification-create', {
      async run() {
        const id = await newNotice();
        return [
          {
            resource: 'notification',
            record: id,
            action: 'create',
            changes: async () => rowChanges({ idField: 'notification_id' }, await noticeRow(id), 'after'),
          },
        ];
      },
    });
    cases.set('PUT /api/notification/notification-update/{id}', {
      async run() {
        const id = await newNotice();
        const before = await noticeRow(id);
        await ok('PUT', `/api/notification/notification-update/${id}`, { body: { ...notice, title: 'Trail notice, moved' } });
        expect(before.notification_title).toBe('Trail notice');
        return [
          {
            resource: 'notification',
            record: id,
            action: 'update',
            changes: { notification_title: { before: 'Trail notice', after: 'Trail notice, moved' } },
          },
        ];
      },
    });
    cases.set('DELETE /api/notification/notification-delete/{id}', {
      async run() {
        const id = await newNotice();
        const row = await noticeRow(id);
        await ok('DELETE', `/api/notification/notification-delete/${id}`);
        return [
          { resource: 'notification', record: id, action: 'delete', changes: rowChanges({ idField: 'notification_id' }, row, 'before') },
        ];
      },
    });
    for (const [op, c] of Object.entries(secondFactorTrailCases(s, newest))) cases.set(op, c as unknown as Case);
  }, 60_000);
  afterAll(async () => {
    await s.close();
  });

  it('knows every write route of the document: a case here, or a reason it records nothing', () => {
    const unknown = ops.filter((op) => !cases.has(op) && !(op.replace(' /api', ' ') in UNTRAILED_ROUTES));
    expect(unknown).toEqual([]);
    expect(ops.length).toBeGreaterThan(50);
  });

  it('adds exactly the expected entries for each write route, and the chain verifies', async () => {
    for (const op of ops) {
      const c = cases.get(op);
      if (!c) continue;
      let before = await newest();
      let result = (await c.run().catch((err: unknown) => {
        throw new Error(`${op}: ${String(err)}`);
      })) as Expected[] | { skipBefore: number; entries: Expected[] };
      // Routes that need a session of their own first: only what the route itself added counts.
      if (!Array.isArray(result)) {
        before = result.skipBefore;
        result = result.entries;
      }
      const added = await entriesAfter(before);
      const expectedEntries = result;
      // Set-up writes (records the case made first) come before the route's own entries.
      const own = added.slice(added.length - expectedEntries.length);
      expect(added.length, op).toBeGreaterThanOrEqual(expectedEntries.length);
      for (const [i, e] of expectedEntries.entries()) {
        const got = own[i]!;
        expect({ op, resource: got.audit_resource, record: got.audit_record, action: got.audit_action }).toEqual({
          op,
          resource: e.resource,
          record: e.record,
          action: e.action,
        });
        const changes = typeof e.changes === 'function' ? await e.changes() : e.changes;
        // When a notice is pushed is the scheduler's own later write, not the route's.
        const pushed = (c: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(c).filter(([k]) => k !== 'notification_delivered_at'));
        if (changes) expect(pushed(got.audit_changes), op).toEqual(pushed(changes));
      }
    }
    expect(await verifyChain(s.app.ctx.conn.db)).toMatchObject({ ok: true });
  }, 120_000);

  it('adds no entry for a refused call (no session, or a body the route refuses)', async () => {
    const before = await newest();
    for (const op of ops) {
      const [method, p] = op.split(' ') as [string, string];
      const res = await s.call(method, p.replace('{id}', '1'), { token: null, body: {} });
      expect(res.statusCode, op).toBeGreaterThanOrEqual(400);
    }
    for (const d of registry.all) {
      if (d.singleton) continue;
      const res = await s.call('POST', `/api${actionPath(d, 'create')}`, { body: {} });
      expect(res.statusCode, d.name).toBe(422);
    }
    expect(await newest()).toBe(before);
  });
});
