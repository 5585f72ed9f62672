import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Frozen: the audit trail, one append-only table (server/modules/audit). Ids are given by the
 * trail itself (the last id + 1, under its lock), so they have no gaps and follow the chain.
 * On PostgreSQL a trigger refuses UPDATE, DELETE and TRUNCATE; only the retention prune may
 * delete, inside a transaction that sets `audit.pruning`.
 */
export function audit008(dialect: Dialect): Migration {
  return {
    // Migrations see the schema as it was then, so they are typed loosely on purpose.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('audit_id', 'integer', (c) => c.primaryKey())
        .addColumn('audit_at', 'text', (c) => c.notNull())
        .addColumn('audit_actor', 'integer')
        .addColumn('audit_actor_name', 'text')
        .addColumn('audit_actor_branch', 'integer')
        .addColumn('audit_action', 'text', (c) => c.notNull())
        .addColumn('audit_resource', 'text', (c) => c.notNull())
        .addColumn('audit_record', 'integer')
        .addColumn('audit_branch', 'integer')
        .addColumn('audit_changes', 'text', (c) => c.notNull())
        .addColumn('audit_snapshot', 'text')
        .addColumn('audit_ip', 'text', (c) => c.notNull())
        .addColumn('audit_browser', 'text', (c) => c.notNull())
        .addColumn('audit_request', 'text', (c) => c.notNull())
        .addColumn('audit_prev_hash', 'text', (c) => c.notNull())
        .addColumn('audit_hash', 'text', (c) => c.notNull())
        .execute();
      // The log page filters by one of these and reads newest first (by id).
      const index = (name: string, columns: string[]) => db.schema.createIndex(name).on('audit_log').columns(columns).execute();
      await index('audit_log_at_idx', ['audit_at']);
      await index('audit_log_record_idx', ['audit_resource', 'audit_record', 'audit_id']);
      await index('audit_log_resource_action_idx', ['audit_resource', 'audit_action', 'audit_id']);
      await index('audit_log_actor_idx', ['audit_actor', 'audit_id']);
      await index('audit_log_action_idx', ['audit_action', 'audit_id']);
      await index('audit_log_branch_idx', ['audit_branch', 'audit_id']);
      if (dialect === 'postgres') {
        await sql`
          CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF TG_OP = 'DELETE' AND current_setting('audit.pruning', true) = 'on' THEN
              RETURN OLD;
            END IF;
            RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
          END $$`.execute(db);
        await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
          FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
        await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
          FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
      } else {
        await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
          BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: UPDATE refused'); END`.execute(db);
      }
    },
  };
}
