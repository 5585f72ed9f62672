import { sql } from 'kysely';
import { dynamic, type Db } from '../db/database';
import { userAccess, type Registry } from '../../resources';

/**
 * The signed-in user as spec 000 section 3 shows it: flat user fields plus nested group, branch,
 * designation and department objects (id 0 with empty code and name when missing). Never the
 * password hash. Which fields are references, and which column holds each target's code, come
 * from the users declaration (`userAccess`) and the targets' `codeField`, checked by the registry.
 */
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
  for (const name of Object.values(userAccess.references)) out[name] = await nestedRecord(db, registry, name, user[name]);
  return out;
}

/** `{<target>_id, <target>_code, <target>_name}` of the record a users reference points to. */
async function nestedRecord(db: Db, registry: Registry, field: string, id: number): Promise<Record<string, unknown>> {
  const users = registry.get(userAccess.resource);
  const f = users.fields.find((x) => x.name === field);
  if (f?.kind !== 'reference') throw new Error(`users field "${field}" is not a reference`);
  const d = registry.get(f.reference);
  const code = d.codeField;
  if (!code) throw new Error(`descriptor "${d.name}" must declare its codeField (the users declaration needs it)`);
  const row = id
    ? await dynamic(db)
        .selectFrom(d.table)
        .select([sql.ref(code).as('code'), sql.ref(d.titleField).as('name')])
        .where(sql.ref(d.idField), '=', id)
        .executeTakeFirst()
    : undefined;
  return {
    [d.idField]: row ? id : 0,
    [code]: typeof row?.code === 'string' ? row.code : '',
    [d.titleField]: typeof row?.name === 'string' ? row.name : '',
  };
}
