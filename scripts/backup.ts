/**
 * `npm run backup [-- <folder>]`: a backup of the database the server uses (DATA_DIR /
 * DATABASE_URL), its pictures and the audit chain's head, in a new folder under <folder>
 * (default BACKUP_DIR, else ./backups), taken while the console keeps serving. See docs/runbook.md.
 */
import path from 'node:path';
import { registry } from '../resources';
import { configFromEnv } from '../server/config';
import { takeBackup } from '../server/ops/backup';

const config = configFromEnv();
const parent = path.resolve(process.argv[2] ?? process.env.BACKUP_DIR ?? 'backups');
try {
  const { folder, manifest } = await takeBackup(config, registry, parent);
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  const bytes = manifest.files.reduce((a, f) => a + f.bytes, 0);
  console.log(`Backup written: ${folder}`);
  console.log(`  database: ${manifest.database === 'sqlite' ? `SQLite (${config.dataDir})` : 'PostgreSQL (pg_dump, custom format)'}`);
  console.log(
    `  ${rows} rows in ${Object.keys(manifest.counts).length} tables; audit chain head: ${manifest.head ? `entry ${manifest.head.id} ${manifest.head.hash}` : 'empty'}`,
  );
  console.log(`  ${manifest.files.length} files, ${bytes} bytes; ${manifest.pictures.referenced} pictures named by records`);
  if (config.auditWitnessDir && manifest.head) console.log(`  witness written to ${config.auditWitnessDir}`);
  if (manifest.pictures.missing.length) {
    console.warn(
      `  Warning: ${manifest.pictures.missing.length} pictures named by records were not in ${config.dataDir}: ${manifest.pictures.missing.join(', ')}`,
    );
  }
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
