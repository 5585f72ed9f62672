import { describe, expect, it } from 'vitest';
import { createRegistry, descriptors, notification, menu, PERSONAL_KINDS, type ResourceDescriptor } from '../../../resources';
import { checkDescriptors } from '../../../resources/registry';
import { recordSchema } from '../../../server/crud/schemas';

/**
 * Issue 49 point 1: every field says what it holds about a person. On a resource that describes
 * people the type check fails without it (the @ts-expect-error below fails `tsc` the day the type
 * stops requiring it); the registry refuses it for a descriptor loaded untyped.
 */

const base = {
  name: 'patient-like',
  api: { prefix: 'patient-like', body: 'json' },
  table: 'patient_like',
  idField: 'id',
  statusField: 'status',
  titleField: 'name',
  menu: { group: 'people', icon: 'People' },
} as const;

// A people descriptor whose every field is classified: accepted.
export const classified = {
  ...base,
  describes: 'people',
  fields: [
    { name: 'name', kind: 'text', personal: 'personal' },
    { name: 'status', kind: 'status', personal: 'none' },
  ],
} as const satisfies ResourceDescriptor;

export const unclassified = {
  ...base,
  describes: 'people',
  fields: [
    { name: 'name', kind: 'text', personal: 'personal' },
    { name: 'status', kind: 'status' },
  ],
  // @ts-expect-error -- `status` lacks `personal` on a resource that describes people
} as const satisfies ResourceDescriptor;

// A resource about things may leave it unsaid (it is `none`).
export const things = {
  ...base,
  fields: [
    { name: 'name', kind: 'text' },
    { name: 'status', kind: 'status' },
  ],
} as const satisfies ResourceDescriptor;

describe('personal data classification', () => {
  it('every field of every shipped descriptor declares it, with one of the four kinds', () => {
    const missing: string[] = [];
    for (const d of [...descriptors, notification, menu])
      for (const f of d.fields) if (f.personal === undefined || !PERSONAL_KINDS.includes(f.personal)) missing.push(`${d.name}.${f.name}`);
    expect(missing).toEqual([]);
  });

  it('the people resources are declared: staff, doctors, members and donors', () => {
    expect(descriptors.filter((d) => d.describes === 'people').map((d) => d.name)).toEqual(['users', 'doctors', 'member', 'donation']);
  });

  it('the registry refuses a people descriptor with an unclassified field, and an unknown kind', () => {
    expect(checkDescriptors([classified])).toEqual(expect.not.arrayContaining([expect.stringContaining('personal')]));
    expect(checkDescriptors([unclassified as unknown as ResourceDescriptor])).toContain(
      'descriptor "patient-like": field "status" must say what it holds about a person (personal), as the resource describes people',
    );
    const odd = {
      ...things,
      fields: [{ name: 'name', kind: 'text', personal: 'private' }, things.fields[1]],
    } as unknown as ResourceDescriptor;
    expect(checkDescriptors([odd]).join('\n')).toContain('field "name" is classified "private"');
  });

  it('the OpenAPI record schema shows it as x-personal on each property', () => {
    const registry = createRegistry(descriptors);
    const users = recordSchema(registry, registry.get('users')) as { properties: Record<string, Record<string, unknown>> };
    expect(users.properties.user_email?.['x-personal']).toBe('personal');
    expect(users.properties.user_address?.['x-personal']).toBe('sensitive');
    expect(users.properties.user_status?.['x-personal']).toBe('personal');
    const medicine = recordSchema(registry, registry.get('medicine')) as { properties: Record<string, Record<string, unknown>> };
    expect(medicine.properties.medicine_name?.['x-personal']).toBe('none');
  });
});
