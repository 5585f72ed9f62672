import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Connection } from './connect';
import { access001 } from './migrations/001_access';
import { accounts004 } from './migrations/004_accounts';
import { notifications005 } from './migrations/005_notifications';
import { menuLabels006 } from './migrations/006_menu_labels';
import { savedViews007 } from './migrations/007_saved_views';
import { audit008 } from './migrations/008_audit';
import { imports009 } from './migrations/009_imports';
import { viewAs011 } from './migrations/011_view_as';
import { secondFactor010 } from './migrations/010_second_factor';
import { auditAppend012 } from './migrations/012_audit_append';
import { auditBranchPartial013 } from './migrations/013_audit_branch_partial';
import { auditBranchCovered014 } from './migrations/014_audit_branch_covered';
import { directory015 } from './migrations/015_directory';
import { menuVersions016 } from './migrations/016_menu_versions';
import { notificationExpiry017 } from './migrations/017_notification_expiry';
import { personKeys018 } from './migrations/018_person_keys';

/** Versioned migrations, in order. Names are frozen once released. */
function migrations(conn: Connection): Record<string, Migration> {
  return {
    '001_access': access001(conn.dialect),
    '004_accounts': accounts004(),
    '005_notifications': notifications005(conn.dialect),
    '006_menu_labels': menuLabels006(),
    '007_saved_views': savedViews007(conn.dialect),
    '008_audit': audit008(conn.dialect),
    '009_imports': imports009(conn.dialect),
    '010_second_factor': secondFactor010(conn.dialect),
    '011_view_as': viewAs011(),
    '012_audit_append': auditAppend012(conn.dialect),
    '013_audit_branch_partial': auditBranchPartial013(),
    '014_audit_branch_covered': auditBranchCovered014(),
    '015_directory': directory015(conn.dialect),
    '016_menu_versions': menuVersions016,
    '017_notification_expiry': notificationExpiry017,
    '018_person_keys': personKeys018,
  };
}

export async function migrate(conn: Connection): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(conn) };
  const { error, results } = await new Migrator({ db: conn.db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
