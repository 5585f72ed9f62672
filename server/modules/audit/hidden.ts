import type { AppContext, AuthUser } from '../../context';
import type { Row } from '../../db/database';
import type { AuditLogTable } from './chain';
import type { EntryView, Reader } from './queries';

/** What the trail shows in place of a value hidden from its reader (a field rule, issue 47). */
export const HIDDEN = { hidden: true } as const;

const isUser = (reader: Reader): reader is AuthUser & Reader => 'user_id' in reader && 'user_group' in reader;
const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The trail as its reader may see it: the values of fields hidden from them shown as hidden (in
 * the changes and the snapshot), and an entry of a record outside their row rules shown with every
 * value hidden. The rules are the service's (`crud.rulesFor`), the ones every other answer meets.
 */
export function hiddenMask(ctx: Pick<AppContext, 'crud' | 'registry'>) {
  return async (reader: Reader, row: AuditLogTable, view: EntryView): Promise<EntryView> => {
    const d = ctx.registry.find(row.audit_resource);
    if (!d || !isUser(reader)) return view;
    const rules = await ctx.crud.rulesFor(d, reader);
    if (!rules) return view;
    let outside = false;
    if (rules.where.length && row.audit_snapshot !== null) {
      const snapshot: unknown = JSON.parse(row.audit_snapshot);
      outside = isRow(snapshot) && !rules.admits(snapshot);
    }
    const hides = (field: string) => outside || rules.hidden.has(field);
    if (!outside && !rules.hidden.size) return view;
    const mask = (values: unknown) =>
      isRow(values) ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, hides(k) ? HIDDEN : v])) : values;
    return {
      ...view,
      audit_changes: mask(view.audit_changes),
      ...(view.audit_snapshot !== undefined && { audit_snapshot: mask(view.audit_snapshot) }),
    };
  };
}
