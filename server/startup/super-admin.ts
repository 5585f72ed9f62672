import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { dynamic, type Db } from '../db/database';
import { userAccess, type Registry } from '../../resources';
import { hashPassword } from '../auth/passwords';
import { setSetting, setting } from '../db/settings';

const SUPER_ADMIN_KEY = 'super_admin_group';

/** The Super Admin group: created once, remembered by id (its code and name stay editable). */
export async function ensureSuperAdminGroup(db: Db, registry: Registry): Promise<number> {
  const known = await setting(db, SUPER_ADMIN_KEY);
  if (known) return Number(known);
  const g = registry.get(groupResource(registry));
  // Declared, not guessed: the registry checks that the users' group reference declares its code field.
  const code = g.codeField;
  if (!code) throw new Error(`descriptor "${g.name}" must declare its codeField`);
  const status = g.statusField;
  if (!status) throw new Error('The group descriptor needs a status field');
  const now = new Date().toISOString();
  const row = await dynamic(db)
    .insertInto(g.table)
    .values({ [code]: 'SUPER_ADMIN', [g.titleField]: 'Super Admin', [status]: 1, created_at: now, updated_at: now })
    .returning(sql.ref(g.idField).as('id'))
    .executeTakeFirstOrThrow();
  await setSetting(db, SUPER_ADMIN_KEY, String(row.id));
  return Number(row.id);
}

/** The administrator, once; answers the generated password when none was configured. */
export async function ensureAdministrator(
  db: Db,
  superAdminGroup: number,
  username: string,
  configured?: string,
): Promise<{ created: boolean; password?: string }> {
  const any = await db.selectFrom('users').select('user_id').limit(1).executeTakeFirst();
  if (any) return { created: false };
  const password = configured ?? randomBytes(12).toString('base64url');
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      user_name: 'Administrator',
      username,
      password_hash: await hashPassword(password),
      user_phone: '',
      user_email: '',
      user_address: '',
      user_picture: '',
      user_branch: 0,
      user_group: superAdminGroup,
      user_designation: 0,
      user_department: 0,
      user_status: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { created: true, password: configured ? undefined : password };
}

/** The group resource, as the users declaration names it. */
function groupResource(registry: Registry): string {
  const f = registry.get(userAccess.resource).fields.find((x) => x.name === userAccess.references.group);
  if (f?.kind !== 'reference') throw new Error(`users field "${userAccess.references.group}" must be a reference`);
  return f.reference;
}
