import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Frozen: users, sessions, menus, permissions, login history and settings. Never edit a
 * released migration; add the next one instead.
 */
export function access001(dialect: Dialect): Migration {
  const id = <T extends string>(t: CreateTableBuilder<T>, name: string) =>
    dialect === 'postgres'
      ? t.addColumn(name, 'serial', (c) => c.primaryKey())
      : t.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    // Migrations see the schema as it was then, so they are typed loosely on purpose.
    async up(db: Kysely<unknown>) {
      await id(db.schema.createTable('users'), 'user_id')
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('user_phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_picture', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_branch', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_group', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_designation', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_department', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
      await id(db.schema.createTable('menu'), 'menu_id')
        .addColumn('menu_name', 'text', (c) => c.notNull())
        .addColumn('menu_slug', 'text', (c) => c.notNull().unique())
        .addColumn('menu_position', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('main_menu', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sub_menu', 'text', (c) => c.notNull().defaultTo('No'))
        .addColumn('menu_api_method', 'text', (c) => c.notNull().defaultTo('get'))
        .addColumn('menu_icon', 'text', (c) => c.notNull().defaultTo('bx bx-border-all'))
        .addColumn('menu_shortcut_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('menu_visible_status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('menu_status', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await id(db.schema.createTable('permission'), 'permission_id')
        .addColumn('permission_group', 'integer', (c) => c.notNull())
        .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.menu_id').onDelete('cascade'))
        .addUniqueConstraint('permission_group_menu_unique', ['permission_group', 'menu_id'])
        .execute();
      await id(db.schema.createTable('user_permission'), 'user_permission_id')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
        .addColumn('menu_id', 'integer', (c) => c.notNull().references('menu.menu_id').onDelete('cascade'))
        .addColumn('permission_status', 'integer', (c) => c.notNull().defaultTo(1))
        .addUniqueConstraint('user_permission_unique', ['user_id', 'menu_id'])
        .execute();
      await id(db.schema.createTable('login_history'), 'user_login_id')
        .addColumn('user_login_user', 'integer', (c) => c.notNull())
        .addColumn('user_login_date', 'text', (c) => c.notNull())
        .addColumn('user_login_username', 'text', (c) => c.notNull())
        .addColumn('user_login_ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_login_browser', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('app_setting')
        .addColumn('setting_key', 'text', (c) => c.primaryKey())
        .addColumn('setting_value', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
