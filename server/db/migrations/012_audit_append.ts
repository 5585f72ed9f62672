import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

/**
 * Frozen: the audit trail's append in one statement on PostgreSQL, and one index fewer.
 *
 * `audit_append` takes the trail's lock (trying once: the caller waits and tries again, so that
 * no statement outlives the pool's query timeout), reads the chain's last entry, and inserts the
 * next one with its id, time and hashes worked out here. The caller sends the entry's canonical
 * JSON cut around the three values only the chain's head decides (time, id, previous hash), so
 * the hash is the one `entryHash` computes, over the same bytes. One round trip per entry
 * instead of four: on PostgreSQL the trail's cost was its round trips.
 *
 * `audit_log_at_idx` goes: time never goes back along the chain, so a date bound is found by
 * bisecting ids (server/modules/audit/queries.ts), and every append wrote one index page less.
 */
export function auditAppend012(dialect: Dialect): Migration {
  return {
    // Migrations see the schema as it was then, so they are typed loosely on purpose.
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('audit_log_at_idx').execute();
      if (dialect !== 'postgres') return;
      await sql`
        CREATE FUNCTION audit_append(
          p_lock bigint, p_now text, p_before_at text, p_before_id text, p_before_prev text, p_rest text,
          p_actor integer, p_actor_name text, p_actor_branch integer, p_action text, p_resource text,
          p_record integer, p_branch integer, p_changes text, p_snapshot text, p_ip text, p_browser text,
          p_request text
        ) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
        DECLARE
          last_id integer;
          last_hash text;
          last_at text;
          new_id integer;
          new_at text;
          prev text;
        BEGIN
          IF NOT pg_try_advisory_xact_lock(p_lock) THEN
            RETURN NULL;
          END IF;
          -- A volatile function's statements each see a fresh snapshot: this one sees every entry
          -- committed before the lock was granted.
          SELECT audit_id, audit_hash, audit_at INTO last_id, last_hash, last_at
            FROM audit_log ORDER BY audit_id DESC LIMIT 1;
          new_id := coalesce(last_id, 0) + 1;
          new_at := CASE WHEN last_at COLLATE "C" > p_now COLLATE "C" THEN last_at ELSE p_now END;
          prev := coalesce(last_hash, repeat('0', 64));
          INSERT INTO audit_log (
            audit_id, audit_at, audit_actor, audit_actor_name, audit_actor_branch, audit_action,
            audit_resource, audit_record, audit_branch, audit_changes, audit_snapshot, audit_ip,
            audit_browser, audit_request, audit_prev_hash, audit_hash
          ) VALUES (
            new_id, new_at, p_actor, p_actor_name, p_actor_branch, p_action, p_resource, p_record,
            p_branch, p_changes, p_snapshot, p_ip, p_browser, p_request, prev,
            encode(sha256(convert_to(
              prev || E'\n' || p_before_at || '"' || new_at || '"' || p_before_id || new_id::text
                || p_before_prev || '"' || prev || '"' || p_rest,
              'UTF8')), 'hex')
          );
          RETURN new_id;
        END $$`.execute(db);
    },
  };
}
