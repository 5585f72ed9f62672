/**
 * `npm run restore -- <backup folder> [--force]`: restores a backup into DATA_DIR (SQLite) or
 * DATABASE_URL (PostgreSQL), which must be empty unless --force. `npm run restore -- --check
 * <backup folder>` checks a backup without restoring it. Stop the console first. See docs/runbook.md.
 */
import path from 'node:path';
import { registry } from '../resources';
import { configFromEnv } from '../server/config';
import { checkBackup, restoreBackup } from '../server/ops/restore';

const args = process.argv.slice(2);
const check = args.includes('--check');
const force = args.includes('--force');
const folders = args.filter((a) => !a.startsWith('--'));
const unknown = args.filter((a) => a.startsWith('--') && a !== '--check' && a !== '--force');
if (folders.length !== 1 || unknown.length) {
  console.error('Usage: npm run restore -- <backup folder> [--force]   or   npm run restore -- --check <backup folder>');
  process.exit(2);
}
const folder = path.resolve(folders[0] ?? '');
try {
  if (check) {
    const report = await checkBackup(folder, registry);
    const head = report.manifest.head ? `entry ${report.manifest.head.id}` : 'empty';
    for (const line of report.checked) console.log(`  ${line}`);
    if (report.problems.length) {
      for (const p of report.problems) console.error(`  Problem: ${p}`);
      console.error(`Backup ${folder} is NOT sound (${report.problems.length} problems).`);
      process.exitCode = 1;
    } else console.log(`Backup ${folder} is sound: ${report.manifest.database}, taken ${report.manifest.createdAt}, audit head ${head}.`);
  } else {
    const config = configFromEnv();
    const report = await restoreBackup(config, registry, folder, force);
    const where = config.databaseUrl ? 'the database in DATABASE_URL' : config.dataDir;
    console.log(
      `Restored ${folder} (taken ${report.manifest.createdAt}) into ${where}, with ${report.pictures} picture files in ${path.join(config.dataDir, 'uploads')}.`,
    );
    if (report.problems.length) {
      for (const p of report.problems) console.error(`  Problem: ${p}`);
      process.exitCode = 1;
    } else {
      const rows = Object.values(report.manifest.counts).reduce((a, b) => a + b, 0);
      console.log(
        `  It matches the manifest: ${rows} rows in ${Object.keys(report.manifest.counts).length} tables, audit head ${report.manifest.head ? `entry ${report.manifest.head.id}` : 'empty'}.`,
      );
      console.log('  Next: start the console and run `npm run audit:verify`.');
    }
  }
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
