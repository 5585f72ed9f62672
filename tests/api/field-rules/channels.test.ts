import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { io as connect, type Socket } from 'socket.io-client';
import { DATABASES, startServer, type TestServer } from '../harness';
import { created, world, type World } from '../users/helpers';
import { fieldRule, MEDICINE_SLUGS, rowRule } from './helpers';
import { createI18nProvider, LANGUAGES, loadServerMessages } from '../../../i18n';

/**
 * Issue 47, "one policy, every channel": the channels rules.test.ts and the leak test do not ask.
 * A clerk whose group hides medicine's purchase price (and the profit worked out from it) and
 * makes its code read-only, with a row rule "active medicines only" where it fits, meets the rules
 * on the XLSX export, an import's dry run and commit, bulk actions, restore and undelete, the
 * audit log, the explainer, the socket's `record` events and the rules' no-escalation; the
 * refusals are in the console's catalogue in the four languages.
 */
const BOM = '\uFEFF';
const CSV = { 'content-type': 'text/csv' };
const PRICE = 'medicine_purchase_price';
const CLERK_SLUGS = [
  ...MEDICINE_SLUGS,
  'medicine/medicine-import',
  'medicine/medicine-export',
  'audit/audit-list',
  'audit/history',
  'audit/restore',
];

type Row = Record<string, unknown>;

/** Every value under a key anywhere in a JSON value. */
function valuesUnder(value: unknown, key: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => valuesUnder(v, key));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [...(k === key ? [v] : []), ...valuesUnder(v, key)]);
}

describe.each(DATABASES)('field and row rules on the other channels, %s', (kind) => {
  let s: TestServer;
  let url: string;
  let w: World;
  let clerks: number;
  let clerk: { id: number; token: string };
  let medicine: number;
  const sockets: Socket[] = [];

  const mk = async (code: string, name: string, price: number, status = 1) =>
    (
      await created(s, '/api/medicine/medicine-create', {
        medicine_code: code,
        medicine_name: name,
        medicine_purchase_price: price,
        medicine_sales_price: price + 5,
        medicine_status: status,
      })
    ).medicine_id as number;
  const stored = async (id: number) => (await s.call('GET', `/api/medicine/get-medicine/${id}`)).json().data as Row | undefined;
  const asClerk = (method: string, path: string, body?: unknown) => s.call(method, path, { token: clerk.token, body });
  /** The admin's newest trail entries of one medicine, newest first. */
  const entriesOf = async (id: number) =>
    (await s.call('GET', `/api/audit/audit-list?resource=medicine&record=${id}&limit=50`)).json().data as {
      audit_id: number;
      audit_action: string;
    }[];

  beforeAll(async () => {
    s = await startServer(kind, { seed: false });
    url = await s.app.listen({ port: 0, host: '127.0.0.1' });
    w = await world(s, `fc-${kind}`);
    clerks = await w.group('CLERK', CLERK_SLUGS);
    clerk = await w.member('fc-clerk', w.branchA, clerks);
    medicine = await mk('C-1', 'Paracetamol', 7);
    await fieldRule(s, { group: clerks }, 'medicine', PRICE, 'hidden');
    await fieldRule(s, { group: clerks }, 'medicine', 'medicine_sales_profit', 'hidden');
    await fieldRule(s, { group: clerks }, 'medicine', 'medicine_code', 'read-only');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await s?.close();
  });

  it('leaves the hidden columns and values out of an XLSX export, and refuses one asked for by name', async () => {
    const res = await asClerk('GET', '/api/medicine/medicine-export?format=xlsx&lang=en');
    expect(res.statusCode, res.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toContain('Medicine Code');
    expect(header.join('|')).not.toMatch(/Purchase|Profit/);
    const cells: unknown[] = [];
    sheet.eachRow((row) => cells.push(...(row.values as unknown[])));
    expect(cells.map(String)).toContain('Paracetamol');
    expect(cells).not.toContain(7);
    // The admin's export of the same list has the column and the value: the test can fail.
    const admin = await s.call('GET', '/api/medicine/medicine-export?format=xlsx&lang=en');
    const full = new ExcelJS.Workbook();
    await full.xlsx.load(admin.rawPayload as unknown as ArrayBuffer);
    const all: unknown[] = [];
    full.worksheets[0]!.eachRow((row) => all.push(...(row.values as unknown[])));
    expect(all).toContain(7);
    const named = await asClerk('GET', `/api/medicine/medicine-export?format=xlsx&columns=medicine_name,${PRICE}`);
    expect(named.statusCode).toBe(403);
    expect(named.json().message).toBe(`You may not export ${PRICE}: it is hidden from you`);
  });

  it('makes a purchase-price column or a changed code a row error of the import, naming the field; nothing is written', async () => {
    const file = [
      `medicine_code,medicine_name,${PRICE}`,
      'C-1,Paracetamol,8', // the hidden price changed
      'C-NEW,Brand new,', // a new code: the clerk may not write codes
    ].join('\n');
    const importAs = (mode: string, lang = 'en', text = file) =>
      s.call('POST', `/api/medicine/medicine-import?mode=${mode}&lang=${lang}&file=t.csv`, {
        token: clerk.token,
        payload: BOM + text,
        headers: CSV,
      });
    const dry = await importAs('dry-run');
    expect(dry.statusCode, dry.body).toBe(200);
    const rows = dry.json().data.rows as { state: string; errors?: Record<string, string> }[];
    expect(rows.map((r) => r.state)).toEqual(['error', 'error']);
    expect(rows[0]!.errors).toEqual({ [PRICE]: 'is hidden from you' });
    expect(rows[1]!.errors).toEqual({ medicine_code: 'is read-only for you' });
    // The hidden price as stored is refused all the same: else "unchanged" would reveal it.
    const guess = await importAs('dry-run', 'en', `medicine_code,medicine_name,${PRICE}\nC-1,Paracetamol,7`);
    expect(guess.json().data.rows).toEqual([expect.objectContaining({ state: 'error', errors: { [PRICE]: 'is hidden from you' } })]);
    // So is it on the record's own update: no answer may tell a right guess from a wrong one.
    const put = await asClerk('PUT', `/api/medicine/medicine-update/${medicine}`, { [PRICE]: 7 });
    expect(put.statusCode).toBe(403);
    expect(put.json().errors).toEqual({ [PRICE]: 'is hidden from you' });
    // In the language asked for, as the import's other row messages.
    const es = (await importAs('dry-run', 'es')).json().data.rows as { errors: Record<string, string> }[];
    expect(es[0]!.errors[PRICE]).toBe('está oculto para usted');
    expect((await importAs('all')).statusCode).toBe(422);
    const valid = await importAs('valid');
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json().data.written).toBe(0);
    expect((await stored(medicine))?.[PRICE]).toBe(7);
    const list = (await s.call('GET', '/api/medicine/medicine-list/?status=all&search=C-NEW')).json().data as Row[];
    expect(list).toEqual([]);
    // A key naming a record outside the row rules is an error, not "unchanged" (which would tell its values).
    const withdrawn = await mk('C-OFF', 'Withdrawn', 2, 0);
    const rule = await rowRule(s, { group: clerks }, 'medicine', 'status-in', 'medicine_status', '1');
    try {
      const probe = await importAs('dry-run', 'en', 'medicine_code,medicine_name\nC-OFF,Withdrawn\nC-1,Paracetamol');
      expect(probe.json().data.rows).toEqual([
        expect.objectContaining({ state: 'error', errors: { medicine_code: 'is outside the records your rules allow' } }),
        expect.objectContaining({ state: 'unchanged' }),
      ]);
      const changed = await importAs('valid', 'en', 'medicine_code,medicine_name\nC-OFF,Back again');
      expect(changed.json().data.written).toBe(0);
      expect(await stored(withdrawn)).toMatchObject({ medicine_name: 'Withdrawn' });
    } finally {
      await s.call('DELETE', `/api/row-rule/row-rule-delete/${rule}`);
    }
    // A file without the hidden column and with the code unchanged is imported.
    const fine = await s.call('POST', '/api/medicine/medicine-import?mode=all&file=t.csv', {
      token: clerk.token,
      payload: `${BOM}medicine_code,medicine_name\nC-1,Paracetamol 500`,
      headers: CSV,
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(await stored(medicine)).toMatchObject({ medicine_name: 'Paracetamol 500', [PRICE]: 7 });
    // The clerk may undo it: the undo puts back the record as the import found it, hidden price and all, unchanged.
    const undo = await asClerk('POST', `/api/imports/import-undo/${fine.json().data.batch}`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toMatchObject({ undone: 1, refused: [] });
    expect(await stored(medicine)).toMatchObject({ medicine_name: 'Paracetamol', [PRICE]: 7 });
  });

  it('refuses a bulk change of a read-only field naming it, and leaves records outside the row rules untouched', async () => {
    const active = await mk('C-BULK-1', 'Bulk one', 3);
    const inactive = await mk('C-BULK-2', 'Bulk two', 4, 0);
    // A second clerk of the group for whom the status is read-only (their own override).
    const other = await w.member('fc-clerk-2', w.branchA, clerks);
    const override = await fieldRule(s, { user: other.id }, 'medicine', 'medicine_status', 'read-only');
    const readOnly = await s.call('POST', '/api/medicine/medicine-bulk', {
      token: other.token,
      body: { action: 'deactivate', ids: [active] },
    });
    expect(readOnly.statusCode, readOnly.body).toBe(200);
    expect(readOnly.json().data.results).toEqual([
      { id: active, ok: false, status: 403, message: 'You may not change medicine_status: it is read-only for you' },
    ]);
    expect((await stored(active))?.medicine_status).toBe(1);
    await s.call('DELETE', `/api/field-rule/field-rule-delete/${override}`);

    const rule = await rowRule(s, { group: clerks }, 'medicine', 'status-in', 'medicine_status', '1');
    try {
      // Outside the rules: as if the record did not exist, and untouched.
      for (const action of ['activate', 'delete'] as const) {
        const res = await asClerk('POST', '/api/medicine/medicine-bulk', { action, ids: [inactive] });
        expect(res.json().data.results).toEqual([expect.objectContaining({ id: inactive, ok: false, status: 404 })]);
        expect((await stored(inactive))?.medicine_status).toBe(0);
      }
      // A bulk action that would put a record outside them is refused, as a branch move is.
      const out = await asClerk('POST', '/api/medicine/medicine-bulk', { action: 'deactivate', ids: [active] });
      expect(out.json().data.results).toEqual([
        { id: active, ok: false, status: 403, message: 'You may only manage records your row rules allow' },
      ]);
      expect((await stored(active))?.medicine_status).toBe(1);
    } finally {
      await s.call('DELETE', `/api/row-rule/row-rule-delete/${rule}`);
    }
    // Without the row rule the same bulk action is done: the refusals above were the rules'.
    const done = await asClerk('POST', '/api/medicine/medicine-bulk', { action: 'activate', ids: [inactive] });
    expect(done.json().data.done).toBe(1);
  });

  it('refuses a restore that would write the hidden price; a restore of visible fields and the admin restore work', async () => {
    const id = await mk('C-REST', 'Restorable', 7);
    const v1 = (await entriesOf(id)).find((e) => e.audit_action === 'create')!.audit_id;
    expect((await s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { [PRICE]: 9 } })).statusCode).toBe(200);
    const v2 = (await entriesOf(id))[0]!.audit_id;
    expect((await s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { medicine_name: 'Renamed' } })).statusCode).toBe(200);
    const latest = (await entriesOf(id))[0]!.audit_id;

    const hidden = await asClerk('POST', `/api/audit/restore/${v1}`, { latest });
    expect(hidden.statusCode, hidden.body).toBe(403);
    expect(hidden.json().message).toBe(`You may not change ${PRICE}: it is hidden from you`);
    expect(await stored(id)).toMatchObject({ [PRICE]: 9, medicine_name: 'Renamed' });

    // v2 differs from now in the name only: the clerk may put it back; the price stays.
    const visible = await asClerk('POST', `/api/audit/restore/${v2}`, { latest });
    expect(visible.statusCode, visible.body).toBe(200);
    expect(visible.json().data).not.toHaveProperty(PRICE);
    expect(await stored(id)).toMatchObject({ [PRICE]: 9, medicine_name: 'Restorable' });

    const admin = await s.call('POST', `/api/audit/restore/${v1}`, { body: { latest: (await entriesOf(id))[0]!.audit_id } });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(await stored(id)).toMatchObject({ [PRICE]: 7 });
  });

  it('refuses an undelete that would write fields the clerk may not write; the admin undeletes', async () => {
    const id = await mk('C-DEL', 'Deleted one', 7);
    expect((await s.call('DELETE', `/api/medicine/medicine-delete/${id}`)).statusCode).toBe(200);
    const entry = (await entriesOf(id)).find((e) => e.audit_action === 'delete')!.audit_id;
    const refused = await asClerk('POST', `/api/audit/undelete/${entry}`, {});
    expect(refused.statusCode, refused.body).toBe(403);
    // The record's code (read-only) comes first among the fields it may not write.
    expect(refused.json().message).toBe('You may not change medicine_code: it is read-only for you');
    expect((await s.call('GET', `/api/medicine/get-medicine/${id}`)).statusCode).toBe(404);
    // With the code editable for them, the hidden price is what stops it.
    const override = await fieldRule(s, { user: clerk.id }, 'medicine', 'medicine_code', 'editable');
    try {
      const price = await asClerk('POST', `/api/audit/undelete/${entry}`, {});
      expect(price.statusCode, price.body).toBe(403);
      expect(price.json().errors).toEqual({ [PRICE]: 'is hidden from you' });
    } finally {
      await s.call('DELETE', `/api/field-rule/field-rule-delete/${override}`);
    }
    const admin = await s.call('POST', `/api/audit/undelete/${entry}`, { body: {} });
    expect(admin.statusCode, admin.body).toBe(201);
    expect(await stored(id)).toMatchObject({ medicine_code: 'C-DEL', [PRICE]: 7 });
  });

  it('shows hidden values in the audit log as hidden to the clerk, and as they are to the admin', async () => {
    const id = await mk('C-LOG', 'Logged', 7);
    await s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { [PRICE]: 8 } });
    const path = `/api/audit/audit-list?resource=medicine&record=${id}`;
    const clerkLog = await asClerk('GET', path);
    expect(clerkLog.statusCode).toBe(200);
    expect(clerkLog.json().data.length).toBeGreaterThanOrEqual(2);
    const seen = valuesUnder(clerkLog.json().data, PRICE);
    expect(seen.length).toBeGreaterThan(0);
    for (const v of seen) expect(v).toEqual({ hidden: true });
    expect(clerkLog.body).not.toMatch(/"medicine_purchase_price":\s*[^{]/);
    const adminSeen = valuesUnder((await s.call('GET', path)).json().data, PRICE);
    expect(adminSeen).not.toContainEqual({ hidden: true });
    expect(JSON.stringify(adminSeen)).toMatch(/8/);
    // A record outside the clerk's row rules: every value of its entries hidden, and no restore of it.
    const off = await mk('C-LOG-OFF', 'Logged off', 3, 0);
    const rule = await rowRule(s, { group: clerks }, 'medicine', 'status-in', 'medicine_status', '1');
    try {
      const entries = (await asClerk('GET', `/api/audit/audit-list?resource=medicine&record=${off}`)).json().data as Row[];
      expect(entries).toHaveLength(1);
      expect(valuesUnder(entries, 'medicine_name').length).toBeGreaterThan(0);
      expect(valuesUnder(entries, 'medicine_name')).toEqual(valuesUnder(entries, 'medicine_name').map(() => ({ hidden: true })));
      expect(JSON.stringify(entries)).not.toContain('Logged off');
      const entry = entries[0]!.audit_id as number;
      const restore = await asClerk('POST', `/api/audit/restore/${entry}`, { latest: entry });
      expect(restore.statusCode).toBe(404);
    } finally {
      await s.call('DELETE', `/api/row-rule/row-rule-delete/${rule}`);
    }
  });

  it('names the group rule when the explainer is asked why the clerk cannot see the purchase price', async () => {
    const res = await s.call('GET', `/api/explain/check-access?user=${clerk.id}&slug=medicine/get-medicine`);
    expect(res.statusCode, res.body).toBe(200);
    const rules = res.json().data.rules as { field?: string; level?: string; by: string; group_id?: number; reason: string }[];
    const rule = rules.find((r) => r.field === PRICE);
    expect(rule).toMatchObject({ level: 'hidden', by: 'group', group_id: clerks });
    expect(rule!.reason).toMatch(/^field medicine_purchase_price is hidden for group CLERK by field rule #\d+$/);
  });

  it('sends socket record events with the resource, ids and action only, never a value', async () => {
    const socket = connect(url, {
      path: '/api/socket.io',
      auth: { token: clerk.token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    const events: unknown[] = [];
    socket.on('record', (e: unknown) => events.push(e));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const id = await mk('C-SOCK', 'Socket one', 7);
    await s.call('PUT', `/api/medicine/medicine-update/${id}`, { body: { [PRICE]: 6 } });
    await expect.poll(() => events).toContainEqual({ resource: 'medicine', ids: [id], action: 'update' });
    for (const e of events) expect(Object.keys(e as Row).sort()).toEqual(['action', 'ids', 'resource']);
    expect(JSON.stringify(events)).not.toMatch(/Socket one|C-SOCK/);
  });

  it('lets nobody give a field a level above their own: a manager with a read-only code cannot make it editable; a Super Admin can', async () => {
    const managers = await w.group('RULE-MANAGER', [
      ...CLERK_SLUGS,
      'field-rule/field-rule-list',
      'field-rule/get-field-rule',
      'field-rule/field-rule-create',
      'field-rule/field-rule-update',
      'field-rule/field-rule-delete',
    ]);
    const manager = await w.member('fc-manager', w.branchA, managers);
    await fieldRule(s, { group: managers }, 'medicine', 'medicine_code', 'read-only');
    const body = (level: string) => ({
      field_rule_group: 0,
      field_rule_user: clerk.id,
      field_rule_resource: 'medicine',
      field_rule_field: 'medicine_code',
      field_rule_level: level,
    });
    const above = await s.call('POST', '/api/field-rule/field-rule-create', { token: manager.token, body: body('editable') });
    expect(above.statusCode, above.body).toBe(403);
    expect(above.json().message).toBe('You may not give medicine_code a level above your own');
    const same = await s.call('POST', '/api/field-rule/field-rule-create', { token: manager.token, body: body('hidden') });
    expect(same.statusCode, same.body).toBe(201);
    const id = same.json().data.field_rule_id as number;
    // Lifting it (a delete makes the field editable) is above the manager's level too.
    const lift = await s.call('DELETE', `/api/field-rule/field-rule-delete/${id}`, { token: manager.token });
    expect(lift.statusCode).toBe(403);
    const admin = await s.call('PUT', `/api/field-rule/field-rule-update/${id}`, { body: { field_rule_level: 'editable' } });
    expect(admin.statusCode, admin.body).toBe(200);
    expect((await asClerk('GET', '/api/access/field-rules')).json().data.medicine.readOnly).toEqual([]);
    expect((await s.call('DELETE', `/api/field-rule/field-rule-delete/${id}`)).statusCode).toBe(200);
  });

  it("shows every refusal of the rules in the four languages (the console's catalogue: the server answers English)", async () => {
    const refusals = [
      `You may not change ${PRICE}: it is hidden from you`,
      'You may not change medicine_code: it is read-only for you',
      `You may not export ${PRICE}: it is hidden from you`,
      `You may not sort by ${PRICE}: it is hidden from you`,
      `You may not filter by ${PRICE}: it is hidden from you`,
      'You may only manage records your row rules allow',
      'You may not give medicine_code a level above your own',
    ];
    await loadServerMessages();
    const provider = createI18nProvider();
    for (const lang of LANGUAGES) {
      await provider.changeLocale(lang);
      for (const text of refusals) {
        const shown = provider.translate(text);
        if (lang === 'en') expect(shown, text).not.toMatch(/medicine_|^server\./);
        else expect(shown, `${lang}: ${text}`).not.toMatch(/You may|hidden from|read-only for|row rules|your own/);
        // The field is named: by its label in the language (the code's label differs per language).
        if (text.includes('medicine_code')) expect(shown, `${lang}: ${text}`).not.toBe(text);
      }
    }
  });
});
