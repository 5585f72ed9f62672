import fs from 'node:fs';

/**
 * The database and the uploads are readable by the server's own user only: folders 0700, files
 * 0600, whatever the process umask. Existing ones are tightened too, so an install made before
 * this rule (or copied with looser modes) is closed at the next start.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE);
}

/** Creates the file empty when missing (SQLite then gives its -wal and -shm files the same mode). */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  tighten(file, PRIVATE_FILE_MODE);
  for (const companion of [`${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (fs.existsSync(companion)) tighten(companion, PRIVATE_FILE_MODE);
  }
}

function tighten(target: string, mode: number): void {
  try {
    if ((fs.statSync(target).mode & 0o777) !== mode) fs.chmodSync(target, mode);
  } catch {
    // Not ours to change (another owner, read-only mount): the server still runs with it.
  }
}
