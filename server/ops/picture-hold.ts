import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from '../security/private-files';

/**
 * While a backup runs, a picture whose record is deleted is moved aside (`backup-held/`, its path
 * under `uploads/` kept) instead of being deleted, and the backup copies it from there.
 *
 * Why: the backup's database view is taken at one instant, its pictures are copied before and after
 * it. A record in that view whose picture was written after the first copy and deleted (with its
 * record) before the second would be in the backup without its picture: a race the restore drill
 * met on PostgreSQL under load (the gap between the first copy and pg_dump's snapshot, and the
 * dump's own length, made the window wide). A picture is deleted only after its record's deletion
 * has committed, so a record in the backup's view had its picture deleted after the hold began:
 * the hold starts before the first copy and ends after the second.
 *
 * Each running backup leaves a marker in `backup-holds/`; a marker older than a day (a backup that
 * was killed) no longer holds anything. The last backup to finish empties `backup-held/`.
 */
const HOLDS = 'backup-holds';
export const HELD = 'backup-held';
const STALE_MS = 24 * 60 * 60 * 1000;

function liveMarkers(dataDir: string): string[] {
  const dir = path.join(dataDir, HOLDS);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const now = Date.now();
  return names.filter((name) => {
    try {
      return now - fs.statSync(path.join(dir, name)).mtimeMs < STALE_MS;
    } catch {
      return false;
    }
  });
}

/** True while a backup of this data folder is running: deleted pictures are then held. */
export const picturesHeld = (dataDir: string): boolean => liveMarkers(dataDir).length > 0;

/** Moves a picture (`uploads/<rest>` on disk at `abs`) aside for the running backup. */
export async function holdPicture(dataDir: string, rest: string, abs: string): Promise<void> {
  const target = path.join(dataDir, HELD, rest);
  ensurePrivateDir(path.dirname(target));
  await fs.promises.rename(abs, target).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  });
}

/** Starts holding deleted pictures for one backup; `release()` ends it (and empties the held folder if it was the last). */
export function holdPictureDeletes(dataDir: string): { release(): void } {
  const dir = path.join(dataDir, HOLDS);
  ensurePrivateDir(dir);
  const marker = path.join(dir, `${process.pid}-${randomUUID()}`);
  fs.writeFileSync(marker, `${new Date().toISOString()}\n`, { mode: 0o600 });
  return {
    release() {
      fs.rmSync(marker, { force: true });
      if (!liveMarkers(dataDir).length) fs.rmSync(path.join(dataDir, HELD), { recursive: true, force: true });
    },
  };
}
