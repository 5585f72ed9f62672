/**
 * One sample record as a descriptor's fields would be sent, with two conveniences: a reference
 * names the target record by one of its unique fields (`byUnique('department_code', 'CARD')`), and
 * an image (or each entry of a picture list) is a label for a picture drawn at seeding time.
 */
export type Sample = Readonly<Record<string, unknown>>;

/** A reference in a sample: the target record whose unique `field` holds `value`. */
export interface SampleRef {
  readonly byUnique: string;
  readonly value: string;
}

export const byUnique = (field: string, value: string): SampleRef => ({ byUnique: field, value });

export function isSampleRef(value: unknown): value is SampleRef {
  return typeof value === 'object' && value !== null && 'byUnique' in value && 'value' in value;
}
