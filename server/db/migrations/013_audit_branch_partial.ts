import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Frozen: the audit trail's branch index leaves out the entries of hospital-wide records (no
 * branch). A branch filter only ever asks for one branch, which both databases answer from the
 * partial index (an equality implies "not null"); the entries with no branch are what most writes
 * append (catalogues, groups, menus), and each of them now writes one index page fewer.
 */
export function auditBranchPartial013(): Migration {
  return {
    // Migrations see the schema as it was then, so they are typed loosely on purpose.
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('audit_log_branch_idx').execute();
      await db.schema
        .createIndex('audit_log_branch_idx')
        .on('audit_log')
        .columns(['audit_branch', 'audit_id'])
        .where(sql.ref('audit_branch'), 'is not', null)
        .execute();
    },
  };
}
