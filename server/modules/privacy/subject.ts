import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { dynamic, type Row } from '../../db/database';
import { auditDb } from '../audit/chain';
import { openEntries } from '../audit/sealed-values';
import { notification, personalOf, userAccess, type Field, type ResourceDescriptor } from '../../../resources';

/**
 * What the console holds about one person (issue 49 point 2), gathered from the declarations, not
 * from a hand-kept list: their own record (every field, each with its classification), the records
 * of other resources that name them through a reference field, their join-table rows (links), the
 * pictures their personal fields point at, and the audit entries about them or made by them. A
 * staff account adds what the account tables hold: sign-in history, sessions, notices sent to them
 * and their saved views. Secrets (a password hash, a session's token) are never read.
 */

/** One table of the export: written as JSON and as CSV. */
export interface Section {
  /** File name without extension, e.g. `record/users`. */
  file: string;
  /** What the file is, for the README. */
  what: string;
  rows: Row[];
}

export interface Picture {
  file: string;
  what: string;
  bytes: Buffer;
}

export interface Subject {
  resource: ResourceDescriptor;
  id: number;
  record: Row;
  sections: Section[];
  pictures: Picture[];
}

/** The columns of a descriptor's table a read may answer: the id, every field but secrets, the timestamps. */
function readableColumns(d: ResourceDescriptor): string[] {
  const secret = new Set(d.secretColumns ?? []);
  const fields = d.fields.filter((f) => personalOf(f) !== 'secret' && !secret.has(f.name)).map((f) => f.name);
  return [d.idField, ...fields, 'created_at', 'updated_at'];
}

/** The stored picture paths of a row's image fields classified personal or sensitive. */
function picturePaths(d: ResourceDescriptor, row: Row): { field: Field; stored: string }[] {
  const out: { field: Field; stored: string }[] = [];
  for (const f of d.fields) {
    const kind = personalOf(f);
    if (kind !== 'personal' && kind !== 'sensitive') continue;
    const value = row[f.name];
    if (typeof value !== 'string' || value === '') continue;
    if (f.kind === 'image') out.push({ field: f, stored: value });
    if (f.kind === 'imageList') {
      try {
        const list: unknown = JSON.parse(value);
        if (Array.isArray(list)) for (const p of list) if (typeof p === 'string' && p) out.push({ field: f, stored: p });
      } catch {
        // Not a JSON list: nothing stored to export.
      }
    }
  }
  return out;
}

export function subjectReader(ctx: AppContext) {
  const db = dynamic(ctx.conn.db);
  const uploads = path.resolve(ctx.config.dataDir, 'uploads');

  const readRows = (d: ResourceDescriptor, column: string, value: number) =>
    db
      .selectFrom(d.table)
      .select(readableColumns(d).map((c) => sql.ref(c).as(c)))
      .where(sql.ref(column), '=', value)
      .orderBy(sql.ref(d.idField))
      .execute() as Promise<Row[]>;

  /** A stored picture's bytes, if the file is there and inside the uploads folder. */
  async function pictureOf(stored: string): Promise<Buffer | undefined> {
    if (!stored.startsWith('uploads/')) return undefined;
    const abs = path.resolve(uploads, stored.slice('uploads/'.length));
    if (!abs.startsWith(uploads + path.sep)) return undefined;
    return fs.readFile(abs).catch(() => undefined);
  }

  /** The person's record, read as the generic read answers it (without secrets); undefined when there is none. */
  async function recordOf(d: ResourceDescriptor, id: number): Promise<Row | undefined> {
    return (await readRows(d, d.idField, id))[0];
  }

  async function gather(d: ResourceDescriptor, id: number, record: Row): Promise<Subject> {
    const sections: Section[] = [];
    const pictures: Picture[] = [];
    const addPictures = async (r: ResourceDescriptor, row: Row) => {
      for (const { field, stored } of picturePaths(r, row)) {
        const bytes = await pictureOf(stored);
        if (bytes)
          pictures.push({
            file: `pictures/${r.name}-${String(row[r.idField])}-${field.name}-${path.basename(stored)}`,
            what: `${r.name} ${field.name}`,
            bytes,
          });
      }
    };

    // Their own record: every field, and what each holds about them.
    sections.push({
      file: `record/${d.name}`,
      what: `Their ${d.name} record: every field the console keeps on it (secrets such as a password hash are never exported).`,
      rows: [record],
    });
    sections.push({
      file: `record/${d.name}-fields`,
      what: `The fields of their ${d.name} record, one a line: the field, what it holds about a person (none, personal, sensitive) and its value.`,
      rows: d.fields
        .filter((f) => personalOf(f) !== 'secret')
        .map((f) => ({ field: f.name, personal: personalOf(f), value: record[f.name] ?? null })),
    });
    await addPictures(d, record);

    // Their join-table rows (a staff account's own grants and denials).
    for (const link of d.links ?? []) {
      const rows = (await db.selectFrom(link.table).selectAll().where(sql.ref(link.owner), '=', id).execute()) as Row[];
      sections.push({ file: `links/${link.name}`, what: `Their ${link.name}: rows of ${link.table} that belong to their record.`, rows });
    }

    // Every record of another resource that names them through a reference field.
    for (const r of ctx.registry.all) {
      for (const f of r.fields) {
        if (f.kind !== 'reference' || f.reference !== d.name) continue;
        const rows = await readRows(r, f.name, id);
        if (!rows.length) continue;
        sections.push({ file: `related/${r.name}-${f.name}`, what: `${r.name} records whose ${f.name} is them.`, rows });
        for (const row of rows) await addPictures(r, row);
      }
    }

    if (d.name === userAccess.resource) sections.push(...(await accountSections(id, record)));

    // The trail: entries about their record, and (a staff account) entries they made.
    const adb = auditDb(ctx.conn.db);
    // Personal values are sealed in the stored entries (issue 49 point 3): exported opened.
    const about = await openEntries(
      ctx.conn.db,
      await adb
        .selectFrom('audit_log')
        .selectAll()
        .where('audit_resource', '=', d.name)
        .where('audit_record', '=', id)
        .orderBy('audit_id')
        .execute(),
    );
    sections.push({
      file: 'audit/about-them',
      what: `Audit trail entries about their ${d.name} record (changes, sign-ins, exports).`,
      rows: about,
    });
    if (d.name === userAccess.resource) {
      const made = await openEntries(
        ctx.conn.db,
        await adb.selectFrom('audit_log').selectAll().where('audit_actor', '=', id).orderBy('audit_id').execute(),
      );
      sections.push({ file: 'audit/made-by-them', what: 'Audit trail entries of what they did, as the acting user.', rows: made });
    }
    return { resource: d, id, record, sections, pictures };
  }

  /** What the account tables hold about a staff account. */
  async function accountSections(id: number, record: Row): Promise<Section[]> {
    const fixed = ctx.conn.db;
    const history = await fixed
      .selectFrom('login_history')
      .selectAll()
      .where('user_login_user', '=', id)
      .orderBy('user_login_id')
      .execute();
    // The token's hash is a secret of the session, not data about the person.
    const sessions = await fixed
      .selectFrom('sessions')
      .select(['user_id', 'created_at', 'expires_at', 'last_used_at', 'ip', 'user_agent', 'view_as_by'])
      .where('user_id', '=', id)
      .orderBy('created_at')
      .execute();
    const n = notification;
    const group = Number(record[userAccess.references.group] ?? 0);
    const notices = (await db
      .selectFrom(n.table)
      .select(readableColumns(n).map((c) => sql.ref(c).as(c)))
      .where((eb) =>
        eb.or([
          eb.and([eb(sql.ref('notification_type'), '=', 'User'), eb(sql.ref('notification_user'), '=', id)]),
          eb.and([eb(sql.ref('notification_type'), '=', 'Group'), eb(sql.ref('notification_group'), '=', group)]),
          eb(sql.ref('notification_type'), '=', 'All'),
          eb(sql.ref('notification_sender'), '=', id),
        ]),
      )
      .orderBy(sql.ref(n.idField))
      .execute()) as Row[];
    const reads = (await db.selectFrom('notification_read').selectAll().where(sql.ref('user_id'), '=', id).execute()) as Row[];
    const filters = (await db.selectFrom('saved_filter').selectAll().where(sql.ref('user_id'), '=', id).execute()) as Row[];
    return [
      {
        file: 'account/sign-in-history',
        what: 'Their sign-in attempts: when, from which address and browser, and whether it succeeded.',
        rows: history,
      },
      {
        file: 'account/sessions',
        what: 'Their open sessions: when each began, was last used and ends, its address and browser.',
        rows: sessions,
      },
      {
        file: 'account/notices',
        what: 'Notices sent to them (to them alone, to their group, or to all) and notices they sent.',
        rows: notices,
      },
      { file: 'account/notices-read', what: 'When they read each notice.', rows: reads },
      { file: 'account/saved-filters', what: 'List filters they saved.', rows: filters },
    ];
  }

  return { recordOf, gather };
}
