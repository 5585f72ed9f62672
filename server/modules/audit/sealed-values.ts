import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Row } from '../../db/database';
import { personalOf, type ResourceDescriptor } from '../../../resources';
import type { AuditLogTable } from './chain';

/**
 * Personal values in the audit trail, sealed with a key per person (issue 49 point 3): envelope
 * encryption. Each person (a record of a resource that `describes: 'people'`) gets a random
 * 32-byte data key, stored wrapped by a master key (PERSONAL_DATA_KEY, or one generated at first
 * start and kept in the database: see masterKeys). The trail's writer seals, in every entry about
 * such a record, the values of its fields classified personal or sensitive (in the changes and
 * the snapshot), and the acting user's name with that user's own key; the hash chain covers the
 * sealed text. Erasure deletes the person's key row: `npm run audit:verify` still passes, and
 * the values can no longer be read (readers show ERASED).
 *
 * A sealed JSON value is `{ "$sealed": "<base64 of iv, tag, ciphertext>" }`; a sealed actor
 * name is `$sealed:<base64>`. AES-256-GCM, with the person (`resource/record`) as additional
 * data, so a value cannot be moved to another person's entry and read with their key.
 */

/** What readers show in place of a value whose key has been destroyed. */
export const ERASED = { erased: true } as const;
/** The actor name of an entry made by an erased person. */
export const ERASED_NAME = '(erased)';

const SEALED_KEY = '$sealed';
const NAME_PREFIX = '$sealed:';

/** How long an unwrapped key is kept in memory: another instance's erasure is seen within this. */
const KEY_MS = 30_000;
const KEYS_MAX = 5_000;

interface PersonKeyTable {
  key_resource: string;
  key_record: number;
  key_wrapped: string;
  key_master: string;
  created_at: string;
}
interface KeyTables {
  person_key: PersonKeyTable;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any connection or transaction of the app (see trail.ts's Handle)
type Handle = Kysely<any>;
const keysDb = (on: Handle) => on as unknown as Kysely<KeyTables>;

/** A master key and its fingerprint (stored beside each key it wraps, so a changed master is told apart). */
export interface MasterKey {
  id: string;
  key: Buffer;
}
export const masterKeyOf = (key: Buffer): MasterKey => ({ id: createHash('sha256').update(key).digest('hex').slice(0, 16), key });

/** PERSONAL_DATA_KEY: 32 bytes, as 64 hex digits or base64. Undefined when unset; an error when malformed. */
export function masterKeyFromEnv(raw: string | undefined): MasterKey | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (bytes.length !== 32) throw new Error('PERSONAL_DATA_KEY must be 32 bytes, written as 64 hex digits or as base64');
  return masterKeyOf(bytes);
}

const GENERATED_SETTING = 'personal_data_master_key';

/**
 * The master keys: PERSONAL_DATA_KEY when set (it wraps new keys), and the one generated at the
 * first start without it, kept in the database's settings so every instance of a PostgreSQL
 * deployment shares it (a key file per data folder would differ between instances). Keys wrapped
 * by either stay readable, so setting the variable later needs no re-wrapping. Called under the
 * start-up lock.
 */
export async function masterKeys(db: Handle, fromEnv: MasterKey | undefined): Promise<{ current: MasterKey; all: MasterKey[] }> {
  const settings = db as unknown as Kysely<{ app_setting: { setting_key: string; setting_value: string } }>;
  const read = async () =>
    (await settings.selectFrom('app_setting').select('setting_value').where('setting_key', '=', GENERATED_SETTING).executeTakeFirst())
      ?.setting_value;
  let stored = await read();
  if (!stored && !fromEnv) {
    await settings
      .insertInto('app_setting')
      .values({ setting_key: GENERATED_SETTING, setting_value: randomBytes(32).toString('base64') })
      .onConflict((oc) => oc.column('setting_key').doNothing())
      .execute();
    stored = await read();
  }
  const generated = stored ? masterKeyOf(Buffer.from(stored, 'base64')) : undefined;
  const current = fromEnv ?? generated;
  if (!current) throw new Error('No master key for personal data');
  return { current, all: [current, ...(generated && generated.id !== current.id ? [generated] : [])] };
}

const encrypt = (key: Buffer, plain: Buffer, aad: string): string => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
};

/** The plain bytes, or undefined when the text is not this key's (wrong key, changed text). */
const decrypt = (key: Buffer, sealed: string, aad: string): Buffer | undefined => {
  try {
    const all = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, all.subarray(0, 12));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(all.subarray(12, 28));
    return Buffer.concat([decipher.update(all.subarray(28)), decipher.final()]);
  } catch {
    return undefined;
  }
};

const personOf = (resource: string, record: number) => `${resource}/${record}`;
const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const blank = (v: unknown) => v === null || v === undefined || v === '';
const isSealed = (v: unknown): v is { $sealed: string } => isRow(v) && typeof v[SEALED_KEY] === 'string' && Object.keys(v).length === 1;

/** Whether an entry's stored text holds anything sealed (so reading an entry without any costs nothing). */
const mentionsSealed = (row: AuditLogTable) =>
  (row.audit_actor_name?.startsWith(NAME_PREFIX) ?? false) ||
  row.audit_changes.includes(`"${SEALED_KEY}"`) ||
  (row.audit_snapshot?.includes(`"${SEALED_KEY}"`) ?? false);

export type Sealer = ReturnType<typeof createSealer>;

/** What the trail hands the sealer: an entry's person, its changes, its snapshot. */
export interface SealableEntry {
  resource: string;
  record?: number | null;
  changes?: Record<string, unknown>;
  snapshot?: Row | null;
}

export function createSealer(people: readonly ResourceDescriptor[], masters: { current: MasterKey; all: MasterKey[] }) {
  /** The fields sealed per resource: those classified personal or sensitive. */
  const sealedFields = new Map<string, Set<string>>();
  for (const d of people)
    if (d.describes === 'people')
      sealedFields.set(d.name, new Set(d.fields.filter((f) => ['personal', 'sensitive'].includes(personalOf(f))).map((f) => f.name)));

  const cache = new Map<string, { key: Buffer; until: number }>();
  /** Keys a transaction created: not cached until it is known to have committed (a rollback would lose them). */
  const createdIn = new WeakMap<object, Set<string>>();

  const unwrap = (row: Pick<PersonKeyTable, 'key_wrapped' | 'key_master'>, person: string): Buffer | undefined => {
    const master = masters.all.find((m) => m.id === row.key_master);
    return master && decrypt(master.key, row.key_wrapped, person);
  };

  const cached = (person: string) => {
    const kept = cache.get(person);
    return kept && kept.until > Date.now() ? kept.key : undefined;
  };
  const keep = (person: string, key: Buffer) => {
    if (cache.size >= KEYS_MAX) cache.clear();
    cache.set(person, { key, until: Date.now() + KEY_MS });
  };

  const readKey = (on: Handle, resource: string, record: number) =>
    keysDb(on)
      .selectFrom('person_key')
      .select(['key_wrapped', 'key_master'])
      .where('key_resource', '=', resource)
      .where('key_record', '=', record)
      .executeTakeFirst();

  /** The person's key, made (in `on`'s transaction) when they have none yet. */
  async function keyFor(on: Handle, resource: string, record: number): Promise<Buffer> {
    const person = personOf(resource, record);
    const known = cached(person);
    if (known) return known;
    let row = await readKey(on, resource, record);
    if (!row) {
      const fresh = randomBytes(32);
      await keysDb(on)
        .insertInto('person_key')
        .values({
          key_resource: resource,
          key_record: record,
          key_wrapped: encrypt(masters.current.key, fresh, person),
          key_master: masters.current.id,
          created_at: new Date().toISOString(),
        })
        // Another instance made theirs first: theirs is the key.
        .onConflict((oc) => oc.columns(['key_resource', 'key_record']).doNothing())
        .execute();
      row = await readKey(on, resource, record);
      if (!row) throw new Error(`No data key for ${person}`);
      let made = createdIn.get(on);
      if (!made) createdIn.set(on, (made = new Set()));
      made.add(person);
    }
    const key = unwrap(row, person);
    if (!key)
      throw new Error(
        `The data key of ${person} was wrapped by another master key (${row.key_master}): give every instance the same PERSONAL_DATA_KEY`,
      );
    if (!createdIn.get(on)?.has(person)) keep(person, key);
    return key;
  }

  /**
   * Each actor's name as last sealed, with the key it was sealed with: an actor writes many entries
   * under one name, and AES-GCM's set-up was a fifth of the trail's cost per write. Reusing the
   * sealed text says nothing new (the entry names the actor's id in plain), and no nonce is used
   * again for another text. A destroyed or new key is another Buffer, so the name is sealed afresh.
   */
  const sealedNames = new Map<string, { key: Buffer; name: string; sealed: string }>();
  const sealNameWith = (key: Buffer, person: string, name: string): string => {
    const last = sealedNames.get(person);
    if (last?.key === key && last.name === name) return last.sealed;
    const sealed = NAME_PREFIX + encrypt(key, Buffer.from(name), person);
    if (sealedNames.size >= KEYS_MAX) sealedNames.clear();
    sealedNames.set(person, { key, name, sealed });
    return sealed;
  };

  const seal = (key: Buffer, person: string, value: unknown) => ({
    [SEALED_KEY]: encrypt(key, Buffer.from(JSON.stringify(value)), person),
  });

  return {
    /** Whether entries about this resource's records carry sealed values. */
    seals: (resource: string) => sealedFields.has(resource),

    /**
     * The entry's changes and snapshot with the person's personal values sealed; the entry
     * itself when it is about no person (no await: most writes are about things).
     */
    sealEntry<E extends SealableEntry>(on: Handle, entry: E): E | Promise<E> {
      const fields = sealedFields.get(entry.resource);
      if (!fields || entry.record === null || entry.record === undefined) return entry;
      const record = entry.record;
      const touches =
        Object.keys(entry.changes ?? {}).some((k) => fields.has(k)) ||
        (entry.snapshot && Object.keys(entry.snapshot).some((k) => fields.has(k)));
      if (!touches) return entry;
      return keyFor(on, entry.resource, record).then((key) => {
        const person = personOf(entry.resource, record);
        const sealValue = (v: unknown) => (blank(v) ? v : seal(key, person, v));
        const changes = entry.changes
          ? Object.fromEntries(
              Object.entries(entry.changes).map(([k, change]) => {
                if (!fields.has(k) || !isRow(change)) return [k, change];
                const out: Row = { ...change };
                if ('before' in change) out.before = sealValue(change.before);
                if ('after' in change) out.after = sealValue(change.after);
                return [k, out];
              }),
            )
          : entry.changes;
        const snapshot = entry.snapshot
          ? Object.fromEntries(Object.entries(entry.snapshot).map(([k, v]) => [k, fields.has(k) ? sealValue(v) : v]))
          : entry.snapshot;
        return { ...entry, changes, snapshot };
      });
    },

    /** The acting user's name sealed with their own key (an account is a person too). */
    async sealName(on: Handle, userId: number, name: string): Promise<string> {
      const key = await keyFor(on, 'users', userId);
      return sealNameWith(key, personOf('users', userId), name);
    },

    /** The actor's key taken as read, if it is: the name is then sealed with no await. */
    sealNameNow(userId: number, name: string): string | undefined {
      const person = personOf('users', userId);
      const key = cached(person);
      return key && sealNameWith(key, person, name);
    },

    /**
     * Entries as their readers see them: sealed values opened where the person's key exists,
     * ERASED (ERASED_NAME for an actor's name) where it was destroyed. The stored text is never
     * changed; only `npm run audit:verify` reads it as stored.
     */
    async openRows<R extends AuditLogTable>(on: Handle, rows: readonly R[]): Promise<R[]> {
      const sealed = rows.filter(mentionsSealed);
      if (!sealed.length) return [...rows];
      const wanted = new Map<string, { resource: string; record: number }>();
      for (const r of sealed) {
        if (r.audit_record !== null)
          wanted.set(personOf(r.audit_resource, r.audit_record), { resource: r.audit_resource, record: r.audit_record });
        if (r.audit_actor !== null) wanted.set(personOf('users', r.audit_actor), { resource: 'users', record: r.audit_actor });
      }
      const keys = new Map<string, Buffer | undefined>();
      for (const [person, p] of wanted) {
        const known = cached(person);
        if (known) {
          keys.set(person, known);
          continue;
        }
        const row = await readKey(on, p.resource, p.record);
        const key = row && unwrap(row, person);
        keys.set(person, key);
        if (key) keep(person, key);
      }
      const open = (person: string) => {
        const key = keys.get(person);
        const value = (v: unknown): unknown => {
          if (isSealed(v)) {
            const plain = key && decrypt(key, v[SEALED_KEY], person);
            return plain ? (JSON.parse(plain.toString()) as unknown) : ERASED;
          }
          if (Array.isArray(v)) return v.map(value);
          if (isRow(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, value(x)]));
          return v;
        };
        return value;
      };
      const opened = new Map<R, R>();
      for (const r of sealed) {
        const person = r.audit_record === null ? '' : personOf(r.audit_resource, r.audit_record);
        const value = open(person);
        const out: R = { ...r };
        out.audit_changes = JSON.stringify(value(JSON.parse(r.audit_changes)));
        if (r.audit_snapshot !== null) out.audit_snapshot = JSON.stringify(value(JSON.parse(r.audit_snapshot)));
        if (r.audit_actor_name?.startsWith(NAME_PREFIX) && r.audit_actor !== null) {
          const actor = personOf('users', r.audit_actor);
          const key = keys.get(actor);
          const plain = key && decrypt(key, r.audit_actor_name.slice(NAME_PREFIX.length), actor);
          out.audit_actor_name = plain ? plain.toString() : ERASED_NAME;
        }
        opened.set(r, out);
      }
      return rows.map((r) => opened.get(r) ?? r);
    },

    /** Destroys the person's key (erasure): every value sealed with it is unreadable from now on. */
    async destroy(on: Handle, resource: string, record: number): Promise<void> {
      cache.delete(personOf(resource, record));
      sealedNames.delete(personOf(resource, record));
      await keysDb(on).deleteFrom('person_key').where('key_resource', '=', resource).where('key_record', '=', record).execute();
    },
  };
}

/** Whether a value read from an opened entry is one whose key was destroyed. */
export const isErased = (v: unknown): boolean => isRow(v) && v.erased === true && Object.keys(v).length === 1;

/** Every connection's sealer, by its database handle (set at start, see server/app.ts). */
const sealers = new WeakMap<object, Sealer>();
export const useSealer = (db: object, sealer: Sealer) => sealers.set(db, sealer);
export const sealerFor = (db: object): Sealer | undefined => sealers.get(db);

/**
 * Entries opened for their reader (unchanged when the connection seals nothing). `on`: the
 * transaction to read the keys in, when the caller holds one (SQLite's one connection is then
 * the transaction's).
 */
export const openEntries = <R extends AuditLogTable>(db: Handle, rows: readonly R[], on: Handle = db): Promise<R[]> =>
  sealerFor(db)?.openRows(on, rows) ?? Promise.resolve([...rows]);
