/**
 * `AUDIT_RETENTION_DAYS`: entries older than this many days are pruned at start-up and daily
 * (the prune is recorded, and the chain stays verifiable from its anchor). Unset or empty keeps
 * everything; anything but a whole number of days from 1 stops the start.
 */
export function retentionDaysFrom(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.AUDIT_RETENTION_DAYS?.trim();
  if (!raw) return undefined;
  if (!/^[1-9][0-9]{0,5}$/.test(raw)) throw new Error(`AUDIT_RETENTION_DAYS must be a whole number of days (1 or more), not "${raw}"`);
  return Number(raw);
}
