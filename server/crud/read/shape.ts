import type { Row } from '../../db/database';
import type { Registry, ResourceDescriptor } from '../../../resources';
import { CREATED_BY } from '../../db/created-by';

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
export type RowShaper = (d: ResourceDescriptor, row: Row, ruled?: { hidden?: ReadonlySet<string> }) => Row;

/**
 * `ruled.hidden`: fields hidden from the actor (issue 47), left out of the copy itself (a hidden
 * reference's embedded object too), so stripping them costs no second copy of every row. A
 * shaper per descriptor and hidden set (the set is the resolver's, kept per actor and resource).
 */
export function rowShaper(registry: Registry): RowShaper {
  const shapers = new Map<string, (row: Row) => Row>();
  const hiddenShapers = new WeakMap<ReadonlySet<string>, Map<string, (row: Row) => Row>>();
  function shaperOf(d: ResourceDescriptor, hidden?: ReadonlySet<string>): (row: Row) => Row {
    // The server's bookkeeping (a claim's marks) is never answered: a claim changes nothing a read shows.
    const secret = [...(d.secretColumns ?? []), ...(d.bookkeeping ?? [])];
    const refs = d.fields.flatMap((f) => {
      if (f.kind !== 'reference' || hidden?.has(f.name)) return [];
      const target = registry.get(f.reference);
      return [
        {
          name: f.name,
          none: f.none,
          embedAs: f.embedAs,
          idKey: target.idField,
          codeKey: target.codeField,
          titleKey: target.titleField,
          code: `__code_${f.name}`,
          title: `__ref_${f.name}`,
        },
      ];
    });
    let copy: ((row: Row, nones: readonly unknown[]) => Row) | undefined;
    const nones = refs.map((r) => r.none);
    return (row) => {
      copy ??= rowCopier(
        // Who created the record is bookkeeping for the row rules (db/created-by.ts), never answered.
        Object.keys(row).filter((key) => !key.startsWith('__') && !secret.includes(key) && key !== CREATED_BY && !hidden?.has(key)),
        refs,
      );
      return copy(row, nones);
    };
  }
  return (d, row, ruled) => {
    const hidden = ruled?.hidden?.size ? ruled.hidden : undefined;
    let of = shapers;
    if (hidden) {
      let hiddenOf = hiddenShapers.get(hidden);
      if (!hiddenOf) hiddenShapers.set(hidden, (hiddenOf = new Map<string, (row: Row) => Row>()));
      of = hiddenOf;
    }
    let shaper = of.get(d.name);
    if (!shaper) of.set(d.name, (shaper = shaperOf(d, hidden)));
    return shaper(row);
  };
}

interface EmbeddedRef {
  name: string;
  embedAs: string;
  idKey: string;
  codeKey?: string;
  titleKey: string;
  code: string;
  title: string;
}

/**
 * The copy of one descriptor's rows, written once as a function whose answer is an object literal
 * with the answer's keys (as fast-json-stringify writes its serialisers): the object gets its final
 * layout at once and every column is read by a fixed name. Copying key by key from a list of names
 * made each read and write a generic property look-up, and shaping a 50-row page cost about twice
 * as much. Every name is written as a JSON string, which is a valid JavaScript string literal, so
 * no column name can be read as code. `nones[i]`: the value of the i-th reference that means none.
 * A reference embedded under its own column's name keeps that column's place (in a literal, the
 * first of two equal keys gives the place and the last the value).
 */
function rowCopier(keys: readonly string[], refs: readonly EmbeddedRef[]): (row: Row, nones: readonly unknown[]) => Row {
  const at = (key: string) => `row[${JSON.stringify(key)}]`;
  const missing = refs.map((r, i) => `const missing${i} = ${at(r.name)} == null || ${at(r.name)} === nones[${i}];`);
  const columns = keys.map((key) => `${JSON.stringify(key)}: ${at(key)},`);
  const embedded = refs.map((r, i) => {
    const parts = [`${JSON.stringify(r.idKey)}: missing${i} ? 0 : ${at(r.name)},`];
    if (r.codeKey) parts.push(`${JSON.stringify(r.codeKey)}: missing${i} ? '' : (${at(r.code)} ?? ''),`);
    parts.push(`${JSON.stringify(r.titleKey)}: missing${i} ? '' : (${at(r.title)} ?? ''),`);
    return `${JSON.stringify(r.embedAs)}: { ${parts.join(' ')} },`;
  });
  const body = [...missing, `return { ${[...columns, ...embedded].join(' ')} };`].join('\n');
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from column names quoted as JSON strings (see above)
  return new Function('row', 'nones', body) as (row: Row, nones: readonly unknown[]) => Row;
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
