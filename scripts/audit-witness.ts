/**
 * `npm run audit:witness`: writes the audit chain's head (last entry id and hash) of the database
 * the server uses to AUDIT_WITNESS_DIR now, beside what the running server writes on its own.
 */
import { configFromEnv } from '../server/config';
import { connect } from '../server/db/connect';
import { chainHead, writeWitness, WITNESS_FILE } from '../server/modules/audit/witness';
import path from 'node:path';

const config = configFromEnv();
if (!config.auditWitnessDir) {
  console.error('AUDIT_WITNESS_DIR is not set: say which folder (outside DATA_DIR) keeps the witnesses.');
  process.exit(1);
}
const conn = await connect({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, readerThreads: 0 });
try {
  const head = await chainHead(conn.db);
  if (!head) console.log('The audit trail is empty: nothing to witness yet.');
  else {
    const w = await writeWitness(config.auditWitnessDir, head, 'command');
    console.log(`Witness written to ${path.join(config.auditWitnessDir, WITNESS_FILE)}: entry ${w.id}, hash ${w.hash}, at ${w.at}.`);
  }
} finally {
  await conn.close();
}
