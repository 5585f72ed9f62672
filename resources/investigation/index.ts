import type { ResourceDescriptor } from '../types';
import { ot } from '../ot';

export const investigation = {
  name: 'investigation',
  api: { prefix: 'investigation', body: 'multipart' },
  table: 'investigation',
  // Identical to the operation theatre screen in everything but naming (spec 001 section 2).
  idField: ot.idField,
  statusField: ot.statusField,
  titleField: ot.titleField,
  menu: { group: 'services', icon: 'Biotech', position: 41 },
  dialog: ot.dialog,
  formOrder: ot.formOrder,
  fields: ot.fields,
} as const satisfies ResourceDescriptor;

export default investigation;
