import type { Row } from '../../db/database';
import type { Registry, ResourceDescriptor } from '../../../resources';

/**
 * A read row as the API answers it. References come back embedded the way the spec shows them
 * (`pharmacy_category: {pharmacy_category_id, pharmacy_category_name}`); a missing reference is
 * embedded as id 0 with an empty name, as spec 000 does for missing nested objects.
 *
 * A new object per row (deleting keys would make every row slow to serialise). What to copy is
 * worked out once per descriptor: every read selects the table's columns and the same reference
 * columns (list-sql.ts, `withRefs`), so the columns to keep are those of the first row seen, minus
 * the helper (`__`) and secret ones.
 */
export function rowShaper(registry: Registry): (d: ResourceDescriptor, row: Row) => Row {
  const shapers = new Map<string, (row: Row) => Row>();
  function shaperOf(d: ResourceDescriptor): (row: Row) => Row {
    const secret = d.secretColumns ?? [];
    const refs = d.fields.flatMap((f) => {
      if (f.kind !== 'reference') return [];
      const target = registry.get(f.reference);
      return [
        {
          f,
          idKey: target.idField,
          codeKey: target.codeField,
          titleKey: target.titleField,
          code: `__code_${f.name}`,
          title: `__ref_${f.name}`,
        },
      ];
    });
    let keys: string[] | undefined;
    // Every answer's keys, in order, with no values: copying it gives each row its final shape at
    // once, instead of growing its storage key by key.
    let blank: Row | undefined;
    return (row) => {
      keys ??= Object.keys(row).filter((key) => !key.startsWith('__') && !secret.includes(key));
      blank ??= Object.fromEntries([...keys, ...refs.map((r) => r.f.embedAs)].map((key) => [key, undefined]));
      const out: Row = { ...blank };
      for (const key of keys) out[key] = row[key];
      for (const { f, idKey, codeKey, titleKey, code, title } of refs) {
        const missing = row[f.name] == null || row[f.name] === f.none;
        const embedded: Row = {};
        embedded[idKey] = missing ? 0 : row[f.name];
        if (codeKey) embedded[codeKey] = missing ? '' : (row[code] ?? '');
        embedded[titleKey] = missing ? '' : (row[title] ?? '');
        out[f.embedAs] = embedded;
      }
      return out;
    };
  }
  return (d, row) => {
    let shaper = shapers.get(d.name);
    if (!shaper) shapers.set(d.name, (shaper = shaperOf(d)));
    return shaper(row);
  };
}

/** `rows`, shaped, in the order of `ids` (an id without a row is left out). */
export function inOrderOf(
  shape: (d: ResourceDescriptor, row: Row) => Row,
  d: ResourceDescriptor,
  ids: readonly number[],
  rows: readonly Row[],
): Row[] {
  const byKey = new Map(rows.map((r) => [Number(r[d.idField]), r]));
  return ids.flatMap((id) => {
    const row = byKey.get(id);
    return row ? [shape(d, row)] : [];
  });
}
