import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { registry } from '../../../resources';
import { ruleAdmits, ruleCondition, type RowRule } from '../../../server/modules/field-rules/row-filter';

/**
 * A get-one tests the row rules on the stored row in JavaScript (`ruleAdmits`), a list in SQL
 * (`ruleCondition`): the two must admit the same rows, missing and empty values included, or a
 * record hidden from a list would still be read by id.
 */
describe('row rules in SQL and on a stored row', () => {
  const medicine = registry.get('medicine');
  const actor = { user_id: 7, user_group: 3, user_branch: 2, token: '' };
  const rule = (kind: RowRule['kind'], field: string, values: number[]): RowRule => ({ id: 1, kind, field, values, group: 3, user: 0 });

  it('admits the same rows', async () => {
    const db = new Kysely<Record<string, Record<string, unknown>>>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await sql`create table medicine (medicine_id integer primary key, medicine_status integer, medicine_category integer, created_by integer)`.execute(
      db,
    );
    const values = [null, 0, 1, 2, 7];
    let id = 0;
    for (const status of values)
      for (const category of values)
        for (const createdBy of values)
          await db
            .insertInto('medicine')
            .values({ medicine_id: ++id, medicine_status: status, medicine_category: category, created_by: createdBy })
            .execute();
    const rules = [
      rule('status-in', 'medicine_status', [0, 1]),
      rule('status-in', 'medicine_status', [0]),
      rule('reference-in', 'medicine_category', [0, 2]),
      rule('created-by-me', '', []),
      rule('status-in', 'medicine_status', []),
      rule('status-in', 'no_such_field', [1]),
    ];
    for (const r of rules) {
      const inSql = (
        await db
          .selectFrom('medicine as t')
          .select('t.medicine_id')
          .where(ruleCondition(medicine, r, actor))
          .orderBy('t.medicine_id')
          .execute()
      ).map((row) => row.medicine_id);
      const rows = await db.selectFrom('medicine').selectAll().orderBy('medicine_id').execute();
      const inJs = rows.filter((row) => ruleAdmits(medicine, r, actor, row)).map((row) => row.medicine_id);
      expect(inJs, `${r.kind} ${r.field} ${r.values.join(',')}`).toEqual(inSql);
    }
    await db.destroy();
  });
});
