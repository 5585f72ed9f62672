import { coerce, derivationOf, type ResourceDescriptor } from '../../resources';

/**
 * The one validation gate of a write body: every field the descriptor declares is parsed once,
 * by the descriptor's own rules, before any guard, policy or module rule reads it. JSON and
 * multipart alike then carry the same values (`false`, `"false"` and `0` are all 0; text is
 * trimmed; ids are strict), so a guard can never be walked around by another spelling of a value
 * the rules later accept. Pictures are files and pass through; derived values are worked out by
 * the write itself. A value the rules refuse stays as sent: the write's own check then names it
 * beside every other problem of the body (missing fields, unknown references) in one 422.
 */
export function normaliseFields(d: ResourceDescriptor, fields: Record<string, unknown>): Record<string, unknown> {
  // Other spellings of a field's name become the name itself, so every later step reads one name.
  const aliasOf = new Map(d.fields.flatMap((f) => (f.aliases ?? []).map((a) => [a, f.name] as const)));
  if (aliasOf.size) {
    const named: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      const name = aliasOf.get(key);
      if (name === undefined) named[key] = value;
      else if (!Object.prototype.hasOwnProperty.call(fields, name)) named[name] = value;
    }
    fields = named;
  }
  const out: Record<string, unknown> = { ...fields };
  for (const f of d.fields) {
    if (!Object.prototype.hasOwnProperty.call(fields, f.name)) continue;
    if (f.kind === 'image' || f.kind === 'imageList' || derivationOf(f)) continue;
    const r = coerce(f, fields[f.name]);
    if (r.ok) out[f.name] = r.value;
  }
  return out;
}
