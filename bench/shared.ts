import type { FastifyInstance } from 'fastify';
import { configFromEnv, type ServerConfig } from '../server/config';

/** The config both the set-up build and the served real app use. */
export function benchConfig(dataDir: string, adminPassword: string): ServerConfig {
  return {
    ...configFromEnv({}),
    dataDir,
    adminPassword,
    host: '127.0.0.1',
    port: 0,
    logger: false,
    seedSamples: true,
    loginRateLimit: 1000,
    distDir: undefined,
  };
}

/** Tells the parent where the child listens, and closes cleanly on SIGTERM (so --cpu-prof is written). */
export function announce(app: FastifyInstance): void {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on a TCP port');
  process.stdout.write(`${JSON.stringify({ port: address.port, pid: process.pid })}\n`);
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

export type Row = Record<string, unknown>;

/** The real server's answer shape for a medicine: the category embedded as an object. */
export function shape(row: Row): Row {
  const { pharmacy_category_name, ...rest } = row;
  rest.pharmacy_category =
    row.medicine_category == null
      ? { pharmacy_category_id: 0, pharmacy_category_name: '' }
      : { pharmacy_category_id: row.medicine_category, pharmacy_category_name: pharmacy_category_name ?? '' };
  return rest;
}
