import { openEntries } from '../audit/sealed-values';
import type { Db } from '../../db/database';
import { auditDb } from '../audit/chain';

/**
 * Who set a fact and when, from the audit trail. `set_in`: 'change' (an entry that changed the
 * fact), 'creation' (no change since the record was created: its creation entry), or null when the
 * trail says nothing (the first start's records, the samples, or entries pruned): then nobody
 * knows, and the console says so rather than guessing.
 */
export interface SetBy {
  set_by_id: number | null;
  set_by_name: string | null;
  set_at: string | null;
  set_in: 'change' | 'creation' | null;
}

export const UNRECORDED: SetBy = { set_by_id: null, set_by_name: null, set_at: null, set_in: null };

interface Entry {
  audit_actor: number | null;
  audit_actor_name: string | null;
  audit_at: string;
  audit_action: string;
  audit_resource: string;
  audit_record: number | null;
  /** Where the change came from (the browser, or the note of what made it, e.g. the directory's). */
  audit_browser: string;
  changes: Record<string, unknown>;
}

const parse = (text: string): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};
const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const setBy = (e: Entry | undefined, set_in: SetBy['set_in'] = 'change'): SetBy =>
  e ? { set_by_id: e.audit_actor, set_by_name: e.audit_actor_name, set_at: e.audit_at, set_in } : UNRECORDED;

/**
 * The trail's entries about one user, their group and the menus, newest first, read once per
 * explanation; the finders answer the newest entry that set each fact.
 */
export async function provenance(db: Db, userId: number | undefined, groupId: number) {
  const rows = await auditDb(db)
    .selectFrom('audit_log')
    // Whole rows: people's values and actors' names are sealed, and opened as every reader opens them.
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('audit_resource', '=', 'users'), eb('audit_record', '=', userId ?? -1)]),
        eb.and([eb('audit_resource', '=', 'group'), eb('audit_record', '=', groupId)]),
        eb('audit_resource', '=', 'menu'),
      ]),
    )
    .orderBy('audit_id', 'desc')
    .execute();
  const entries: Entry[] = (await openEntries(db, rows)).map((r) => ({ ...r, changes: parse(r.audit_changes) }));
  const about = (resource: string, record: number) => entries.filter((e) => e.audit_resource === resource && e.audit_record === record);
  const mentions = (e: Entry, slug: string) =>
    e.audit_action === 'permission-change' && [...listOf(e.changes.granted), ...listOf(e.changes.withdrawn)].includes(slug);
  /** A menu change that put the group in its `permission_group` or took it out. */
  const movesGroup = (e: Entry) => {
    const change = e.changes.permission_group as { before?: unknown; after?: unknown } | undefined;
    return !!change && listOf(change.before).includes(groupId) !== listOf(change.after).includes(groupId);
  };
  /**
   * The entry that last changed a fact, or else the record's creation: a fact never changed since
   * (a new group grants nothing until a permission save) has held since whoever created the record.
   */
  const changedOrCreated = (changed: Entry | undefined, resource: string, record: number): SetBy =>
    changed ? setBy(changed) : setBy(created(resource, record), 'creation');
  const created = (resource: string, record: number) => about(resource, record).find((e) => e.audit_action === 'create');
  const user = userId ?? -1;
  return {
    /** The newest change of a field of the user (`users`) or of the group (`group`). */
    field(resource: 'users' | 'group', field: string): SetBy {
      const record = resource === 'users' ? user : groupId;
      // A creation lists the values it set, but says so: the value has held since the record's start.
      return changedOrCreated(
        about(resource, record).find((e) => e.audit_action !== 'create' && field in e.changes),
        resource,
        record,
      );
    },
    /** The origin of the newest change of a field of the user: a directory's sign-in notes its mapping there. */
    fieldOrigin(field: string): string | undefined {
      return about('users', userId ?? -1).find((e) => field in e.changes)?.audit_browser;
    },
    /** The newest grant or withdrawal of the slug to the group (a permission save, or a menu's groups). */
    groupGrant(slug: string, menuId: number): SetBy {
      const changed = entries.find(
        (e) =>
          (e.audit_resource === 'group' && e.audit_record === groupId && mentions(e, slug)) ||
          (e.audit_resource === 'menu' && e.audit_record === menuId && movesGroup(e)),
      );
      return changedOrCreated(changed, 'group', groupId);
    },
    /** The newest change of the user's own entry for the slug. */
    userEntry(slug: string): SetBy {
      return changedOrCreated(
        about('users', user).find((e) => mentions(e, slug)),
        'users',
        user,
      );
    },
    /** The newest change of the menu's status. */
    menuStatus(menuId: number): SetBy {
      return changedOrCreated(
        about('menu', menuId).find((e) => 'menu_status' in e.changes),
        'menu',
        menuId,
      );
    },
  };
}
export type Provenance = Awaited<ReturnType<typeof provenance>>;
