import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReliableServer, type Kind, type ReliableServer } from './support';

/**
 * The fingerprint the fuzzer and the upload attacks compare before and after a refused request: it
 * must stay the same when nothing changed, and see any change of one stored value, of a value's
 * type, or of the uploaded files. Without this a fingerprint that saw nothing would pass them all.
 */
describe.each<Kind>(['sqlite', 'postgres'])('the stored-state fingerprint (%s)', (kind) => {
  let s: ReliableServer;
  beforeAll(async () => {
    s = await startReliableServer(kind);
  });
  afterAll(() => s.close());

  /** The administrator's row, which every server starts with. */
  const admin = () => s.app.ctx.conn.db.selectFrom('users').select(['user_id', 'user_name']).orderBy('user_id').executeTakeFirstOrThrow();

  it('stays the same while nothing changes', async () => {
    expect(await s.fingerprint()).toBe(await s.fingerprint());
  });

  it('sees one value changed, and is the same again once it is put back', async () => {
    const { user_id, user_name } = await admin();
    const before = await s.fingerprint();
    const set = (name: string) => s.app.ctx.conn.db.updateTable('users').set({ user_name: name }).where('user_id', '=', user_id).execute();
    await set(`${user_name}x`);
    expect(await s.fingerprint()).not.toBe(before);
    await set(user_name);
    expect(await s.fingerprint()).toBe(before);
  });

  // SQLite keeps the type it is given, whatever the column's; PostgreSQL keeps the column's.
  it.runIf(kind === 'sqlite')('tells a number from the same digits as text', async () => {
    const { user_id, user_name } = await admin();
    const before = await s.fingerprint();
    const set = (name: unknown) => sql`UPDATE users SET user_name = ${name} WHERE user_id = ${user_id}`.execute(s.app.ctx.conn.db);
    await set(12);
    const asNumber = await s.fingerprint();
    await set('12');
    const asText = await s.fingerprint();
    await set(user_name);
    expect(new Set([before, asNumber, asText]).size).toBe(3);
    expect(await s.fingerprint()).toBe(before);
  });

  it('sees a file added to the uploads', async () => {
    const before = await s.fingerprint();
    const dir = path.join(s.dataDir, 'uploads');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'planted.png');
    fs.writeFileSync(file, 'x');
    expect(await s.fingerprint()).not.toBe(before);
    fs.rmSync(file);
    expect(await s.fingerprint()).toBe(before);
  });
});
