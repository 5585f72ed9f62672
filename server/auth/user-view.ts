import { sql } from 'kysely';
import { dynamic, type Db } from '../db/database';
import type { Registry } from '../../resources';

/**
 * The signed-in user as spec 000 section 3 shows it: flat user fields plus nested group, branch,
 * designation and department objects (id 0 with empty code and name when missing). Never the
 * password hash.
 */
const NESTED = [
  { key: 'user_group', resource: 'group', prefix: 'group' },
  { key: 'user_branch', resource: 'branch', prefix: 'branch' },
  { key: 'user_designation', resource: 'designation', prefix: 'designation' },
  { key: 'user_department', resource: 'department', prefix: 'department' },
] as const;

export async function userView(db: Db, registry: Registry, userId: number) {
  const user = await db
    .selectFrom('users')
    .select([
      'user_id',
      'user_name',
      'username',
      'user_phone',
      'user_email',
      'user_address',
      'user_picture',
      'user_status',
      'user_group',
      'user_branch',
      'user_designation',
      'user_department',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const out: Record<string, unknown> = { ...user };
  for (const n of NESTED) {
    const d = registry.get(n.resource);
    const code = d.fields.find((f) => f.unique)?.name ?? d.titleField;
    const id = user[n.key];
    const row = id
      ? await dynamic(db)
          .selectFrom(d.table)
          .select([sql.ref(d.idField).as('id'), sql.ref(code).as('code'), sql.ref(d.titleField).as('name')])
          .where(sql.ref(d.idField), '=', id)
          .executeTakeFirst()
      : undefined;
    out[n.key] = {
      [`${n.prefix}_id`]: row ? Number(row.id) : 0,
      [`${n.prefix}_code`]: (row?.code as string) ?? '',
      [`${n.prefix}_name`]: (row?.name as string) ?? '',
    };
  }
  return out;
}
