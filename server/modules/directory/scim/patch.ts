import { ScimError } from './errors';
import { matches, parseFilter, type Filter } from './filter';

/**
 * SCIM PATCH (RFC 7644 section 3.5.2) applied to a resource as SCIM answers it: `add`, `replace`
 * and `remove`, with or without a `path`; a path is `attr`, `attr.sub`, a schema-qualified
 * `urn:...:attr`, or a value filter `emails[type eq "work"].value`. The patched resource is then
 * written like a PUT, so a PATCH meets every rule a replacement does. A malformed body is refused
 * whole (400, `invalidSyntax`, `invalidPath`, `invalidValue` or `noTarget`) and changes nothing.
 */
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const MAX_OPERATIONS = 100;

type Json = Record<string, unknown>;
interface Path {
  /** The schema URN the attribute sits under (extension attributes), lower case. */
  urn?: string;
  attr: string;
  filter?: Filter;
  sub?: string;
}

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const syntax = (why: string) => new ScimError(400, `The PATCH body is malformed: ${why}`, 'invalidSyntax');

function parsePath(raw: unknown): Path {
  if (typeof raw !== 'string' || !raw.trim() || raw.length > 500) throw new ScimError(400, 'The PATCH path is not a path', 'invalidPath');
  const m = /^(?:(urn:[A-Za-z0-9:._-]+):)?([A-Za-z][A-Za-z0-9_$-]*)(?:\[(.*)\])?(?:\.([A-Za-z][A-Za-z0-9_$-]*))?$/.exec(raw.trim());
  if (!m) throw new ScimError(400, `The PATCH path "${raw}" is not a path`, 'invalidPath');
  let filter: Filter | undefined;
  if (m[3] !== undefined) {
    try {
      filter = parseFilter(m[3]);
    } catch (err) {
      throw new ScimError(400, `The PATCH path "${raw}" has a malformed filter: ${(err as Error).message}`, 'invalidPath');
    }
  }
  return { urn: m[1]?.toLowerCase(), attr: m[2] ?? '', filter, sub: m[4] };
}

/** The object holding the attribute (the resource, or its extension's object, made when missing). */
function holderOf(resource: Json, urn: string | undefined, create: boolean): Json | undefined {
  if (!urn) return resource;
  const key = Object.keys(resource).find((k) => k.toLowerCase() === urn);
  if (key) return isObject(resource[key]) ? resource[key] : undefined;
  if (!create) return undefined;
  const made: Json = {};
  resource[urn] = made;
  return made;
}

const keyOf = (o: Json, name: string) => Object.keys(o).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;

/** A value without a path: each of its attributes, as if named by a path of its own. */
function spread(resource: Json, op: 'add' | 'replace', value: unknown) {
  if (!isObject(value)) throw new ScimError(400, 'A PATCH operation without a path needs an object value', 'invalidValue');
  for (const [name, v] of Object.entries(value)) {
    if (name.toLowerCase().startsWith('urn:') && isObject(v)) {
      const holder = holderOf(resource, name.toLowerCase(), true) ?? {};
      for (const [inner, iv] of Object.entries(v)) set(holder, inner, op, iv);
    } else if (name.toLowerCase().startsWith('urn:')) {
      const p = parsePath(name);
      set(holderOf(resource, p.urn, true) ?? {}, p.attr, op, v);
    } else if (name.includes('.')) {
      const [attr, sub] = name.split('.', 2) as [string, string];
      const key = keyOf(resource, attr);
      const inner = isObject(resource[key]) ? resource[key] : {};
      resource[key] = inner;
      set(inner, sub, op, v);
    } else set(resource, name, op, v);
  }
}

function set(holder: Json, name: string, op: 'add' | 'replace', value: unknown) {
  const key = keyOf(holder, name);
  const old = holder[key];
  if (op === 'add' && Array.isArray(old) && Array.isArray(value)) holder[key] = [...(old as unknown[]), ...(value as unknown[])];
  else if (op === 'add' && Array.isArray(old)) holder[key] = [...(old as unknown[]), value];
  else if (isObject(old) && isObject(value)) holder[key] = { ...old, ...value };
  else holder[key] = value;
}

export function applyPatch(resource: Json, body: unknown): Json {
  if (!isObject(body)) throw syntax('it must be a JSON object');
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_SCHEMA)) throw syntax(`"schemas" must list ${PATCH_SCHEMA}`);
  const ops = body.Operations ?? body.operations;
  if (!Array.isArray(ops) || !ops.length) throw syntax('"Operations" must be a list of at least one operation');
  if (ops.length > MAX_OPERATIONS) throw syntax(`at most ${MAX_OPERATIONS} operations in one request`);
  const out = structuredClone(resource);
  for (const [i, raw] of (ops as unknown[]).entries()) {
    if (!isObject(raw)) throw syntax(`operation ${i + 1} is not an object`);
    const op = typeof raw.op === 'string' ? raw.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'replace' && op !== 'remove') throw syntax(`operation ${i + 1}: "op" must be add, replace or remove`);
    if (op !== 'remove' && !('value' in raw)) throw new ScimError(400, `operation ${i + 1}: ${op} needs a value`, 'invalidValue');
    if (raw.path === undefined) {
      if (op === 'remove') throw new ScimError(400, `operation ${i + 1}: remove needs a path`, 'noTarget');
      spread(out, op, raw.value);
      continue;
    }
    const path = parsePath(raw.path);
    const holder = holderOf(out, path.urn, op !== 'remove');
    if (!holder) continue;
    const key = keyOf(holder, path.attr);
    if (!path.filter) {
      if (op === 'remove') {
        const inner = holder[key];
        if (path.sub && isObject(inner)) holder[key] = dropKey(inner, path.sub);
        else if (!path.sub) Reflect.deleteProperty(holder, key);
      } else if (path.sub) {
        const inner = isObject(holder[key]) ? holder[key] : {};
        holder[key] = inner;
        set(inner, path.sub, op, raw.value);
      } else set(holder, path.attr, op, raw.value);
      continue;
    }
    // A value filter picks elements of a multi-valued attribute.
    const list = Array.isArray(holder[key]) ? (holder[key] as unknown[]) : [];
    const { filter, sub } = path;
    const picked = list.filter((el) => matches(filter, el));
    if (op === 'remove') {
      holder[key] = sub
        ? list.map((el) => (picked.includes(el) && isObject(el) ? dropKey(el, sub) : el))
        : list.filter((el) => !picked.includes(el));
      continue;
    }
    if (!picked.length) {
      if (op === 'replace') throw new ScimError(400, `operation ${i + 1}: no value matches "${JSON.stringify(raw.path)}"`, 'noTarget');
      continue;
    }
    holder[key] = list.map((el) => {
      if (!picked.includes(el)) return el;
      if (path.sub) return { ...(isObject(el) ? el : {}), [path.sub]: raw.value };
      return isObject(el) && isObject(raw.value) ? { ...el, ...raw.value } : raw.value;
    });
  }
  return out;
}

function dropKey(o: Json, name: string): Json {
  const drop = keyOf(o, name);
  return Object.fromEntries(Object.entries(o).filter(([k]) => k !== drop));
}
