import type { ResourceDescriptor } from '../../resources';

const today = () => new Date().toISOString().slice(0, 10);
const now = () => new Date().toISOString().slice(0, 16);

/** Values a new record starts with: declared defaults, 'today'/'now' evaluated, rows empty, status active. */
export function defaultValues(d: ResourceDescriptor): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of d.fields) {
    if (f.kind === 'rows' || f.kind === 'imageList') values[f.name] = [];
    else if (f.kind === 'status') values[f.name] = f.default ?? 1;
    else if ((f.kind === 'date' || f.kind === 'datetime') && f.default) {
      values[f.name] = f.default === 'today' ? today() : f.default === 'now' ? now() : f.default;
    } else if ('default' in f && f.default !== undefined) values[f.name] = f.default;
  }
  return values;
}
