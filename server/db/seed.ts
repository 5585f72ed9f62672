import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { dynamic, type Db } from './database';
import { actionsOf, METHOD, permissionSlug, type Action, type Registry, type ResourceDescriptor } from '../../resources';
import { hashPassword } from '../auth/passwords';
import type { CrudService } from '../crud/service';
import type { IncomingFile } from '../crud/images';
import { inDependencyOrder } from './sync';
import { samplePicture } from './sample-image';

const SUPER_ADMIN_KEY = 'super_admin_group';

async function setting(db: Db, key: string) {
  return (await db.selectFrom('app_setting').select('setting_value').where('setting_key', '=', key).executeTakeFirst())?.setting_value;
}
async function setSetting(db: Db, key: string, value: string) {
  await db.insertInto('app_setting').values({ setting_key: key, setting_value: value }).execute();
}

const title = (s: string) => s.replace(/[-_/]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
const ACTION_NAME: Record<Action, string> = { list: 'List', get: 'View', create: 'Create', update: 'Update', delete: 'Delete' };

/** The Super Admin group: created once, remembered by id (its code and name stay editable). */
export async function ensureSuperAdminGroup(db: Db, registry: Registry): Promise<number> {
  const known = await setting(db, SUPER_ADMIN_KEY);
  if (known) return Number(known);
  const g = registry.get('group');
  const code = g.fields.find((f) => f.unique)!.name;
  const now = new Date().toISOString();
  const row = await dynamic(db)
    .insertInto(g.table)
    // The group descriptor is a list resource, so the registry guarantees its status field.
    .values({ [code]: 'SUPER_ADMIN', [g.titleField]: 'Super Admin', [g.statusField!]: 1, created_at: now, updated_at: now })
    .returning(sql.ref(g.idField).as('id'))
    .executeTakeFirstOrThrow();
  await setSetting(db, SUPER_ADMIN_KEY, String(row.id));
  return Number(row.id);
}

/**
 * The menu catalogue holds every permission slug of every descriptor, under one top-level menu
 * per `menu.group`. Kept in step at each start (additive); the Super Admin group is granted
 * every menu, including ones added later.
 */
export async function syncMenuCatalogue(db: Db, registry: Registry, superAdminGroup: number): Promise<void> {
  const existing = new Map((await db.selectFrom('menu').select(['menu_id', 'menu_slug']).execute()).map((m) => [m.menu_slug, m.menu_id]));
  const ensure = async (slug: string, values: Omit<Parameters<typeof insertMenu>[1], 'menu_slug'>) => {
    const id = existing.get(slug) ?? (await insertMenu(db, { ...values, menu_slug: slug }));
    existing.set(slug, id);
    return id;
  };
  for (const d of registry.all) {
    const parent = await ensure(d.menu.group, {
      menu_name: title(d.menu.group),
      menu_position: d.menu.position ?? 50,
      main_menu: 0,
      sub_menu: 'Yes',
      menu_api_method: 'get',
      menu_icon: d.menu.icon,
      menu_visible_status: 1,
    });
    for (const [i, action] of actionsOf(d).entries()) {
      await ensure(permissionSlug(d, action), {
        menu_name: `${title(d.name)} ${ACTION_NAME[action]}`,
        menu_position: i + 1,
        main_menu: parent,
        sub_menu: 'No',
        menu_api_method: METHOD[action].toLowerCase(),
        menu_icon: d.menu.icon,
        menu_visible_status: action === 'list' ? 1 : 0,
      });
    }
  }
  const granted = new Set(
    (await db.selectFrom('permission').select('menu_id').where('permission_group', '=', superAdminGroup).execute()).map((p) => p.menu_id),
  );
  const missing = [...existing.values()].filter((id) => !granted.has(id));
  if (missing.length) {
    await db
      .insertInto('permission')
      .values(missing.map((menu_id) => ({ permission_group: superAdminGroup, menu_id })))
      .execute();
  }
}

async function insertMenu(
  db: Db,
  m: {
    menu_name: string;
    menu_slug: string;
    menu_position: number;
    main_menu: number;
    sub_menu: string;
    menu_api_method: string;
    menu_icon: string;
    menu_visible_status: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('menu')
    .values({ ...m, menu_shortcut_status: 0, menu_status: 1 })
    .returning('menu_id')
    .executeTakeFirstOrThrow();
  return row.menu_id;
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

/**
 * Sample records from each descriptor's `seed`, written through the same service as the API
 * (so they are validated like any input). Reference values name the target's unique code; image
 * values are labels for a picture drawn now. Each resource is seeded once, ever.
 */
export async function seedSamples(db: Db, registry: Registry, crud: CrudService): Promise<void> {
  for (const d of inDependencyOrder(registry)) {
    const key = `seeded:${d.name}`;
    if (!d.seed?.length || (await setting(db, key))) continue;
    for (const sample of d.seed) {
      const fields: Record<string, unknown> = {};
      const files: IncomingFile[] = [];
      for (const [name, value] of Object.entries(sample)) {
        const f = d.fields.find((x) => x.name === name);
        if (f?.kind === 'image' && typeof value === 'string') {
          files.push({ field: name, filename: `${name}.png`, data: await samplePicture(value) });
        } else if (f?.kind === 'imageList' && Array.isArray(value)) {
          for (const label of value) files.push({ field: name, filename: `${name}.png`, data: await samplePicture(String(label)) });
        } else if (f?.kind === 'reference' && typeof value === 'string') {
          fields[name] = await idByCode(db, registry.get(f.reference), value);
        } else {
          fields[name] = value;
        }
      }
      await crud.create(d, { fields, files });
    }
    await setSetting(db, key, new Date().toISOString());
  }
}

async function idByCode(db: Db, d: ResourceDescriptor, code: string): Promise<number | null> {
  const unique = d.fields.find((f) => f.unique);
  if (!unique) return null;
  const row = await dynamic(db)
    .selectFrom(d.table)
    .select(sql.ref(d.idField).as('id'))
    .where(sql.ref(unique.name), '=', code)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}
