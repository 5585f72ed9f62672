import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../config';
import { createMailer, type Mailer } from '../accounts/mailer';
import { chainHead, writeWitness, type ChainHead, type Witness } from './witness';

const DAY_MS = 86_400_000;
const DEFAULT_MINUTES = 5;

/** The witness folder must not be the data folder or inside it: whoever can rewrite the one could the other. */
export function checkWitnessDir(config: Pick<ServerConfig, 'auditWitnessDir' | 'dataDir'>): void {
  const dir = config.auditWitnessDir;
  if (!dir) return;
  const inside = path.relative(path.resolve(config.dataDir), path.resolve(dir));
  if (!inside || (!inside.startsWith('..') && !path.isAbsolute(inside)))
    throw new Error(`AUDIT_WITNESS_DIR (${dir}) must be a folder outside DATA_DIR (${config.dataDir})`);
}

/** The head as a mail to `to`: its id, hash and time, in a form an operator can paste into the witness file. */
export async function mailWitness(mailer: Mailer, to: string, head: ChainHead, now = new Date()): Promise<void> {
  const witness: Witness = { at: now.toISOString(), id: head.id, hash: head.hash, why: 'mail' };
  await mailer.send({
    to,
    subject: `Audit trail witness: entry ${head.id}`,
    text: [
      `The audit trail's last entry at ${witness.at} is entry ${head.id} with hash ${head.hash}.`,
      'Keep this message: `npm run audit:verify` checks the trail against this line when it is added to the witness file',
      '(audit-witness.jsonl in AUDIT_WITNESS_DIR):',
      '',
      JSON.stringify(witness),
    ].join('\n'),
  });
}

/**
 * The server's own witnesses (AUDIT_WITNESS_DIR): one when it is ready, one every few minutes if
 * the chain's head moved since the last, one at shutdown, and a daily mail to
 * AUDIT_WITNESS_MAIL_TO. A failed write is logged and the server keeps serving.
 */
export function scheduleWitnesses<T>(app: FastifyInstance, db: Kysely<T>, config: ServerConfig): void {
  const dir = config.auditWitnessDir;
  if (!dir) return;
  checkWitnessDir(config);
  let last: ChainHead | undefined;
  const witness = async (why: 'interval' | 'shutdown') => {
    try {
      const head = await chainHead(db);
      if (!head || (why === 'interval' && last?.id === head.id && last.hash === head.hash)) return;
      await writeWitness(dir, head, why);
      last = head;
    } catch (err) {
      app.log.error({ err }, 'Audit trail: the witness could not be written');
    }
  };
  const to = config.auditWitnessMailTo;
  const mailer = to ? createMailer(config) : undefined;
  const mail = async () => {
    try {
      const head = await chainHead(db);
      if (head && mailer && to) await mailWitness(mailer, to, head);
    } catch (err) {
      app.log.error({ err }, 'Audit trail: the witness mail could not be sent');
    }
  };
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    await witness('interval');
    timers.push(setInterval(() => void witness('interval'), Math.max(1, config.auditWitnessMinutes ?? DEFAULT_MINUTES) * 60_000));
    if (mailer) timers.push(setInterval(() => void mail(), DAY_MS));
    for (const t of timers) t.unref();
  });
  // onClose of this plugin runs before the app's own, which closes the database.
  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
    await witness('shutdown');
    mailer?.close();
  });
}
