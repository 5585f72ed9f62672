/**
 * `npm run audit:verify`: checks the whole audit chain of the database the server uses (the same
 * DATABASE_URL / DATA_DIR) and names the first entry that does not match; then checks it against
 * the witnesses in AUDIT_WITNESS_DIR, naming a cut-off end or a rewritten history. Exits 1 then,
 * 0 when every entry and every witness matches.
 */
import fs from 'node:fs';
import path from 'node:path';
import { configFromEnv } from '../server/config';
import { connect } from '../server/db/connect';
import { verifyChain } from '../server/modules/audit/chain';
import { checkWitnesses, describeFinding, readWitnesses, WITNESS_FILE } from '../server/modules/audit/witness';

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
    if (!config.auditWitnessDir) {
      console.warn('No witness checked (AUDIT_WITNESS_DIR is not set): a cut-off end of the trail cannot be seen.');
    } else {
      const file = path.join(config.auditWitnessDir, WITNESS_FILE);
      const { witnesses, unreadable } = readWitnesses(config.auditWitnessDir);
      if (unreadable.length) {
        console.error(`Witness file ${file}: lines ${unreadable.join(', ')} are not witnesses (changed by hand?).`);
        process.exitCode = 1;
      }
      if (!witnesses.length) console.warn(`No witness in ${file} yet: a cut-off end of the trail cannot be seen.`);
      const findings = await checkWitnesses(conn.db, report, witnesses);
      for (const f of findings) console.error(`Audit trail does not match its witness: ${describeFinding(f)}.`);
      if (findings.length) process.exitCode = 1;
      else if (witnesses.length) {
        const last = witnesses.reduce((a, b) => (b.id > a.id ? b : a));
        console.log(`Witnesses matched: ${witnesses.length} in ${file}, the latest at entry ${last.id} (${last.at}).`);
      }
    }
  } else {
    console.error(`Audit trail broken at entry ${report.badId}: ${report.reason}. ${report.entries} entries before it match.`);
    process.exitCode = 1;
  }
} finally {
  await conn.close();
}
