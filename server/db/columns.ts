import { sql, type ColumnDataType, type RawBuilder } from 'kysely';
import type { FieldKind } from '../../resources';
import type { Dialect } from './database';

/**
 * The SQL column of each field kind. The `Record<FieldKind, ...>` type makes the compiler fail
 * when a kind is added to resources/types.ts without a column here. What a value means (coercion,
 * constraints) is resources/rules.ts's business, not the database's.
 */
const money = (d: Dialect) => (d === 'postgres' ? sql`double precision` : ('real' as const));

export const columns: Record<FieldKind, (dialect: Dialect) => ColumnDataType | RawBuilder<unknown>> = {
  text: () => 'text',
  url: () => 'text',
  email: () => 'text',
  phone: () => 'text',
  longText: () => 'text',
  richText: () => 'text',
  integer: () => 'integer',
  money,
  status: () => 'integer',
  date: () => 'text',
  datetime: () => 'text',
  choice: () => 'text',
  reference: () => 'integer',
  image: () => 'text',
  imageList: () => 'text',
  rows: () => 'text',
};
