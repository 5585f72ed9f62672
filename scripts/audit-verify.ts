/**
 * `npm run audit:verify`: checks the whole audit chain of the database the server uses (the same
 * DATABASE_URL / DATA_DIR) and names the first entry that does not match. Exits 1 then, 0 when
 * every entry matches.
 */
import fs from 'node:fs';
import path from 'node:path';
import { configFromEnv } from '../server/config';
import { connect } from '../server/db/connect';
import { verifyChain } from '../server/modules/audit/chain';

const config = configFromEnv();
// A folder the server never started in holds no database: say so, and create nothing there.
const sqliteFile = path.join(config.dataDir, 'console.sqlite');
if (!config.databaseUrl && !fs.existsSync(sqliteFile)) {
  console.error(`No database at ${sqliteFile}: start the server once with this DATA_DIR (or set DATABASE_URL).`);
  process.exit(1);
}
const conn = await connect({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, readerThreads: 0 });
try {
  const report = await verifyChain(conn.db);
  if (report.ok) {
    const range = report.entries ? ` (entries ${report.firstId} to ${report.lastId})` : '';
    console.log(`Audit trail verified: ${report.entries} entries${range}, every hash matches.`);
  } else {
    console.error(`Audit trail broken at entry ${report.badId}: ${report.reason}. ${report.entries} entries before it match.`);
    process.exitCode = 1;
  }
} finally {
  await conn.close();
}
