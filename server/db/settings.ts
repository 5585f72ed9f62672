import type { Db } from '../db/database';

/** Small key/value facts the server remembers about itself (the Super Admin group, what was seeded). */
export async function setting(db: Db, key: string): Promise<string | undefined> {
  return (await db.selectFrom('app_setting').select('setting_value').where('setting_key', '=', key).executeTakeFirst())?.setting_value;
}

export async function setSetting(db: Db, key: string, value: string): Promise<void> {
  await db.insertInto('app_setting').values({ setting_key: key, setting_value: value }).execute();
}
