import type { Generated, Kysely } from 'kysely';

/** Tables owned by versioned migrations (descriptor tables are typed loosely, see DynamicTables). */
export interface UsersTable {
  user_id: Generated<number>;
  user_name: string;
  username: string;
  password_hash: string;
  user_phone: string;
  user_email: string;
  user_address: string;
  user_picture: string;
  user_branch: number;
  user_group: number;
  user_designation: number;
  user_department: number;
  user_status: number;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
  /** When the session last served a request (written at most once a minute); '' before 004. */
  last_used_at: string;
  /** A read-only view-as session: who opened it (011); null for an ordinary sign-in. */
  view_as_by?: number | null;
}

export interface MenuTable {
  menu_id: Generated<number>;
  menu_name: string;
  menu_slug: string;
  menu_position: number;
  main_menu: number;
  sub_menu: string;
  menu_api_method: string;
  menu_icon: string;
  menu_shortcut_status: number;
  menu_visible_status: number;
  menu_status: number;
  /** The name in Bengali, Spanish and Burmese; '' = not translated (the console shows `menu_name`). */
  menu_name_bn: Generated<string>;
  menu_name_es: Generated<string>;
  menu_name_my: Generated<string>;
  /** The generic write path's creation time and version (migration 016). */
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface PermissionTable {
  permission_id: Generated<number>;
  permission_group: number;
  menu_id: number;
}

export interface UserPermissionTable {
  user_permission_id: Generated<number>;
  user_id: number;
  menu_id: number;
  /** 1 grants the menu to this user, 0 takes it away from what the group gives. */
  permission_status: number;
}

export interface LoginHistoryTable {
  user_login_id: Generated<number>;
  user_login_user: number;
  user_login_date: string;
  user_login_username: string;
  user_login_ip: string;
  user_login_browser: string;
  /** 1 a successful sign-in, 0 a refused one. */
  user_login_status: number;
}

/** Failed sign-ins per username (lowercased), known or not, for the lock-out. */
export interface LoginThrottleTable {
  username_key: string;
  failures: number;
  window_start: string;
  locked_until: string;
}

/** The forgot-password code per e-mail address (lowercased), known or not; the code as an argon2id hash. */
export interface PasswordResetCodeTable {
  email_key: string;
  user_id: number;
  code_hash: string;
  expires_at: string;
  tries: number;
  requests: number;
  window_start: string;
}

/** Short-lived tokens that a verified code buys, stored as SHA-256. */
export interface PasswordResetTokenTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
}

export interface AppSettingTable {
  setting_key: string;
  setting_value: string;
}

export interface NotificationTable {
  notification_id: Generated<number>;
  /** `yyyy-MM-dd HH:mm:ss` in the server's time zone. */
  notification_date: string;
  notification_title: string;
  notification_description: string;
  notification_type: string;
  notification_user: number;
  notification_group: number;
  notification_status: number;
  /** The sender's branch: an `All` notice reaches this branch's users, or everyone when 0. */
  notification_branch: number;
  notification_sender: number;
  /** When an instance claimed and pushed the notice; null while it waits (future or inactive). */
  notification_delivered_at: string | null;
  /** `yyyy-MM-dd HH:mm:ss`: from then on the notice reaches no inbox; null: never (migration 017). */
  notification_expire_at: string | null;
  /** The expire-at whose expiry an instance claimed and recorded (bookkeeping). */
  notification_expired_for: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationReadTable {
  notification_id: number;
  user_id: number;
  read_at: string;
}

export interface FixedTables {
  users: UsersTable;
  sessions: SessionsTable;
  menu: MenuTable;
  permission: PermissionTable;
  user_permission: UserPermissionTable;
  login_history: LoginHistoryTable;
  app_setting: AppSettingTable;
  login_throttle: LoginThrottleTable;
  password_reset_code: PasswordResetCodeTable;
  password_reset_token: PasswordResetTokenTable;
  notification: NotificationTable;
  notification_read: NotificationReadTable;
}

/**
 * Descriptor tables are named and shaped by data, not by TypeScript types; their rows are
 * checked by the descriptor validators instead.
 */
export type Row = Record<string, unknown>;
export type DynamicTables = Record<string, Row>;

export type Db = Kysely<FixedTables>;
export type DynamicDb = Kysely<DynamicTables>;

/** The same connection, typed for descriptor tables (whose names are data). */
export function dynamic(db: Db): DynamicDb {
  return db as unknown as DynamicDb;
}
export type Dialect = 'sqlite' | 'postgres';
