import { sql } from 'kysely';
import { dynamic, type Db } from '../db/database';
import type { Registry, ResourceDescriptor } from '../../resources';
import type { CrudService } from '../crud/service';
import type { IncomingFile } from '../crud/images';
import { inDependencyOrder } from '../db/sync';
import { samplesByResource } from '../../resources/generated/samples';
import { isSampleRef, type Sample, type SampleRef } from '../../resources/sample';
import { samplePicture } from './sample-image';
import { setSetting, setting } from '../db/settings';

/**
 * Sample records of the entity folders (resources/<entity>/samples.ts), written through the same service as the API
 * (so they are validated like any input). Reference values name the target by a unique field; image
 * values are labels for a picture drawn now. Each resource is seeded once, ever.
 */
export async function seedSamples(
  db: Db,
  registry: Registry,
  crud: CrudService,
  samples: Readonly<Record<string, readonly Sample[]>> = samplesByResource,
): Promise<void> {
  for (const d of inDependencyOrder(registry)) {
    const key = `seeded:${d.name}`;
    const list = samples[d.name] ?? [];
    if (!list.length || (await setting(db, key))) continue;
    for (const sample of list) {
      const fields: Record<string, unknown> = {};
      const files: IncomingFile[] = [];
      for (const [name, value] of Object.entries(sample)) {
        const f = d.fields.find((x) => x.name === name);
        if (f?.kind === 'image' && typeof value === 'string') {
          files.push({ field: name, filename: `${name}.png`, data: await samplePicture(value) });
        } else if (f?.kind === 'imageList' && Array.isArray(value)) {
          for (const label of value) files.push({ field: name, filename: `${name}.png`, data: await samplePicture(String(label)) });
        } else if (f?.kind === 'reference' && isSampleRef(value)) {
          fields[name] = await idByUnique(db, registry.get(f.reference), value);
        } else {
          fields[name] = value;
        }
      }
      await crud.create(d, { fields, files });
    }
    await setSetting(db, key, new Date().toISOString());
  }
}

/** A sample naming a field that is not unique, or a record that is not there, is a mistake in the samples: start-up says so. */
async function idByUnique(db: Db, d: ResourceDescriptor, ref: SampleRef): Promise<number> {
  if (!d.fields.some((f) => f.name === ref.byUnique && f.unique))
    throw new Error(`sample reference to "${d.name}" by "${ref.byUnique}", which is not a unique field`);
  const row = await dynamic(db)
    .selectFrom(d.table)
    .select(sql.ref(d.idField).as('id'))
    .where(sql.ref(ref.byUnique), '=', ref.value)
    .executeTakeFirst();
  if (!row) throw new Error(`sample reference to "${d.name}" ${ref.byUnique} = "${ref.value}" finds no record`);
  return Number(row.id);
}
