import { sql } from 'kysely';
import { dynamic, type Db } from '../../db/database';
import type { Registry } from '../../../resources';

/** The group as menus and permission answers embed it: `{group_id, group_code, group_name}`. */
export interface GroupRef {
  group_id: number;
  group_code: string;
  group_name: string;
  group_status: number;
}

/** Reads groups through the group descriptor (its table and column names are data). */
export function groupReader(db: Db, registry: Registry) {
  const g = registry.get('group');
  const codeField = g.codeField;
  if (!codeField) throw new Error(`descriptor "${g.name}" must declare its codeField (access answers group codes)`);
  const statusField = g.statusField ?? g.titleField;
  const select = (ids?: readonly number[]) => {
    let q = dynamic(db)
      .selectFrom(g.table)
      .select([
        sql.ref<number>(g.idField).as('group_id'),
        sql.ref<string>(codeField).as('group_code'),
        sql.ref<string>(g.titleField).as('group_name'),
        sql.ref<number>(statusField).as('group_status'),
      ]);
    if (ids) q = q.where(sql.ref(g.idField), 'in', ids.length ? ids : [-1]);
    return q.execute() as Promise<GroupRef[]>;
  };
  return {
    async byIds(ids: readonly number[]): Promise<Map<number, GroupRef>> {
      const rows = await select([...new Set(ids)]);
      // PostgreSQL and SQLite both answer integers here, but the columns are named by data: normalise.
      const norm = (v: unknown) => Number(v);
      return new Map(rows.map((r) => [norm(r.group_id), { ...r, group_id: norm(r.group_id), group_status: norm(r.group_status) }]));
    },
    async one(id: number): Promise<GroupRef | undefined> {
      return (await this.byIds([id])).get(id);
    },
  };
}
export type GroupReader = ReturnType<typeof groupReader>;
