import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionPath, personalOf, type Field, type ResourceDescriptor } from '../../../resources';
import { PRIVACY_SLUGS, subjectAccessPath } from '../../../resources/privacy';
import { dynamic, type Row } from '../../../server/db/database';
import { auditDb } from '../../../server/modules/audit/chain';
import { DATABASES, multipart, png, startServer, type TestServer } from '../harness';
import { created, PASSWORD, world, type World } from '../users/helpers';

/**
 * Issue 49 point 2, on both databases: the export of one person covers every field their
 * resource classifies personal or sensitive (the list is the descriptors', the values are made
 * here for each field by its kind), with the pictures' bytes; a staff account's export has their
 * sign-in history, sessions, notices and audit entries; the export is recorded in the trail;
 * refusals (no permission, another branch's person, a resource about things) change nothing.
 */

const classified = (d: ResourceDescriptor): Field[] => d.fields.filter((f) => ['personal', 'sensitive'].includes(personalOf(f)));

describe.each(DATABASES)('subject access export (%s)', (kind) => {
  let s: TestServer;
  let w: World;
  /** A record to point each reference at, by target resource. */
  const targets: Record<string, number> = {};

  beforeAll(async () => {
    s = await startServer(kind);
    w = await world(s, 'SA');
    targets.branch = w.branchA;
    targets.designation = w.designation;
    targets.department = w.department;
    targets.group = await w.group('SAG', ['users/user-list']);
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A value for the field, by its kind, that names it (so a value found in the export is this field's). */
  function valueOf(d: ResourceDescriptor, f: Field, tag: string): string {
    const marker = `${tag}${f.name.replace(/[^a-z]/g, '').slice(0, 12)}`;
    switch (f.kind) {
      case 'email':
        return `${marker}@example.org`;
      case 'phone':
        return `+8801711${String(d.fields.findIndex((x) => x.name === f.name)).padStart(6, '0')}`;
      case 'url':
        return `https://example.org/${marker}`;
      case 'rows':
        return JSON.stringify([
          Object.fromEntries(
            f.of.map((sub) => [
              sub.name,
              sub.kind === 'email' ? `${marker}@example.org` : sub.kind === 'phone' ? '+8801700000000' : `${marker} ${sub.name}`,
            ]),
          ),
        ]);
      case 'reference':
        return String(targets[f.reference]);
      case 'integer':
      case 'money':
      case 'status':
        return '1';
      case 'choice':
        return f.choices[0] ?? '';
      case 'date':
      case 'datetime':
        return '2026-01-02';
      default:
        return marker;
    }
  }

  /** Creates a person of `d` through its create route, every classified field given a value. */
  async function person(d: ResourceDescriptor, tag: string): Promise<number> {
    const body: Record<string, string | { file: Buffer; name: string; type: string }> = {};
    for (const f of d.fields) {
      if (f.kind === 'image') body[f.name] = { file: await png(`${tag} ${f.name}`), name: `${f.name}.png`, type: 'image/png' };
      else if (f.kind !== 'imageList' && (f.required || classified(d).includes(f))) body[f.name] = valueOf(d, f, tag);
    }
    if (d.name === 'users') Object.assign(body, { password: PASSWORD, c_password: PASSWORD });
    const mp = await multipart(body);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api${actionPath(d, 'create')}`,
      headers: { ...mp.headers, 'access-token': s.token },
      payload: mp.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return Number(res.json().data[d.idField]);
  }

  const stored = async (d: ResourceDescriptor, id: number) =>
    await dynamic(s.app.ctx.conn.db)
      .selectFrom(d.table)
      .selectAll()
      .where(d.idField as never, '=', id as never)
      .executeTakeFirstOrThrow();

  async function exported(resource: string, id: number, token?: string) {
    const res = await s.call('GET', `/api${subjectAccessPath(resource, id)}`, { token });
    if (res.statusCode !== 200) return { res, zip: undefined };
    return { res, zip: await JSZip.loadAsync(res.rawPayload) };
  }
  const jsonIn = async (zip: JSZip, name: string) => JSON.parse((await zip.file(name)?.async('string')) ?? 'null') as Row[] | null;
  const exportsOf = async (resource: string, id: number) =>
    (
      await auditDb(s.app.ctx.conn.db)
        .selectFrom('audit_log')
        .select('audit_id')
        .where('audit_action', '=', 'export')
        .where('audit_resource', '=', resource)
        .where('audit_record', '=', id)
        .execute()
    ).length;

  it('covers 100 % of the personal and sensitive fields of every resource that describes people, pictures included', async () => {
    const people = s.app.ctx.registry.all.filter((d) => d.describes === 'people');
    expect(people.map((d) => d.name)).toEqual(expect.arrayContaining(['users', 'doctors', 'member', 'donation']));
    let expected = 0;
    let covered = 0;
    for (const d of people) {
      const id = await person(d, `P${d.name.slice(0, 3)}`);
      const row = await stored(d, id);
      const { res, zip } = await exported(d.name, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      const record = (await jsonIn(zip!, `record/${d.name}.json`))?.[0];
      expect(record, d.name).toBeDefined();
      for (const f of classified(d)) {
        expected += 1;
        const value = row[f.name];
        // Every classified field was given a value: an empty one would prove nothing.
        expect(value === '' || value === null || value === undefined, `${d.name}.${f.name} is empty`).toBe(false);
        const inRecord = String(record?.[f.name]) === String(value);
        let picture = true;
        if (f.kind === 'image') {
          const bytes = fs.readFileSync(path.join(s.dataDir, String(value)));
          const names = Object.keys(zip!.files).filter((n) => n.startsWith(`pictures/${d.name}-${id}-${f.name}-`));
          picture = names.length === 1 && Buffer.compare(await zip!.file(names[0]!)!.async('nodebuffer'), bytes) === 0;
        }
        if (inRecord && picture) covered += 1;
        else expect.soft(`${d.name}.${f.name}`).toBe('exported');
      }
      // No secret ever leaves: the password hash is no field, and is not in the record.
      expect(JSON.stringify(record)).not.toContain('argon2');
      const readme = await zip!.file('README.txt')?.async('string');
      for (const name of Object.keys(zip!.files).filter((n) => n !== 'README.txt' && !zip!.files[n]!.dir)) expect(readme).toContain(name);
      expect(await exportsOf(d.name, id)).toBe(1);
    }
    expect(expected).toBeGreaterThan(20);
    expect(covered / expected).toBe(1);
  });

  it("a staff account's export holds their sign-in history, sessions, notices, references and audit entries", async () => {
    const { id, token } = await w.member('sa.clerk', w.branchA, targets.group!);
    await s.call('POST', '/api/users/user-login/', { body: { username: 'sa.clerk', password: 'wrong-password-1' }, token: null });
    // A notice to them alone.
    const notice = await s.call('POST', '/api/notification/notification-create', {
      body: {
        notification_title: 'For the clerk only',
        notification_type: 'User',
        notification_user: id,
        notification_date: '2026-12-01 10:00:00',
      },
    });
    expect(notice.statusCode, notice.body).toBe(201);
    // A record of another resource that names them: a field rule of their own.
    await created(s, '/api/field-rule/field-rule-create', {
      field_rule_user: id,
      field_rule_resource: 'medicine',
      field_rule_field: 'medicine_purchase_price',
      field_rule_level: 'hidden',
    });
    // Something they did themselves: a change of their own profile is an entry they made.
    await s.call('GET', `/api/users/user-list?user_branch=${w.branchA}`, { token });

    const { res, zip } = await exported('users', id);
    expect(res.statusCode, res.body).toBe(200);
    const history = (await jsonIn(zip!, 'account/sign-in-history.json'))!;
    expect(history.map((h) => h.user_login_status).sort()).toEqual([0, 1]);
    const sessions = (await jsonIn(zip!, 'account/sessions.json'))!;
    expect(sessions.length).toBe(1);
    expect(JSON.stringify(sessions)).not.toContain('token_hash');
    expect((await jsonIn(zip!, 'account/notices.json'))!.map((n) => n.notification_title)).toContain('For the clerk only');
    expect((await jsonIn(zip!, 'related/field-rule-field_rule_user.json'))!.map((r) => r.field_rule_field)).toEqual([
      'medicine_purchase_price',
    ]);
    const about = (await jsonIn(zip!, 'audit/about-them.json'))!;
    expect(about.map((e) => e.audit_action)).toEqual(expect.arrayContaining(['create', 'sign-in', 'sign-in-failed']));
    const made = (await jsonIn(zip!, 'audit/made-by-them.json'))!;
    expect(made.map((e) => e.audit_action)).toContain('sign-in');
    const csv = await zip!.file('account/sign-in-history.csv')!.async('string');
    expect(csv.split('\r\n')[0]).toContain('user_login_ip');
  });

  it("the explainer says a field rule concerns personal data, from the field's classification", async () => {
    const group = await w.group('SAX', ['users/user-list']);
    const { id } = await w.member('sa.explained', w.branchA, group);
    await created(s, '/api/field-rule/field-rule-create', {
      field_rule_group: group,
      field_rule_resource: 'users',
      field_rule_field: 'user_address',
      field_rule_level: 'hidden',
    });
    const res = await s.call('GET', `/api/explain/check-access?user=${id}&slug=users/user-list`);
    expect(res.statusCode, res.body).toBe(200);
    const rules = res.json<{ data: { rules: { field?: string; personal?: string; reason: string }[] } }>().data.rules;
    const rule = rules.find((r) => r.field === 'user_address');
    expect(rule?.personal).toBe('sensitive');
    expect(rule?.reason).toMatch(/^field user_address \(sensitive personal data\) is hidden for group /);
  });

  it('refuses without the permission, for a person of another branch, and for a resource about things: nothing recorded', async () => {
    const other = await w.member('sa.other', w.branchB, targets.group!);
    const noSlug = await w.principal('SANO', 'sa.noslug', 0, ['users/user-list', 'users/get-user']);
    const branchAdmin = await w.principal('SABR', 'sa.branch', w.branchA, [PRIVACY_SLUGS.subjectAccess, 'users/user-list']);
    const before = await exportsOf('users', other.id);

    const refused = await exported('users', other.id, noSlug.token);
    expect(refused.res.statusCode).toBe(403);

    const elsewhere = await exported('users', other.id, branchAdmin.token);
    expect(elsewhere.res.statusCode).toBe(404);
    expect(elsewhere.res.json().message).toMatch(/another branch/);

    const things = await exported('medicine', 1);
    expect(things.res.statusCode).toBe(422);
    expect(things.res.json().message).toMatch(/describes no person/);

    expect(await exportsOf('users', other.id)).toBe(before);
    // Their own branch's person is theirs to export.
    const own = await w.member('sa.own', w.branchA, targets.group!);
    expect((await exported('users', own.id, branchAdmin.token)).res.statusCode).toBe(200);
  });
});
