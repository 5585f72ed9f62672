import type { ResourceDescriptor } from '../types';

export const ot = {
  name: 'ot',
  api: { prefix: 'ot', body: 'multipart' },
  table: 'operation_theatre',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'services', icon: 'LocalHospital', position: 40 },
  dialog: 'md',
  // The spec's dialog order; the list shows the picture first.
  formOrder: ['title', 'short_description', 'description', 'picture', 'status'],
  fields: [
    { name: 'picture', kind: 'image', personal: 'none', list: true, thumbnail: [100, 52], formThumbnail: [200, 102] },
    { name: 'title', kind: 'text', personal: 'none', required: true, list: true, search: true },
    { name: 'short_description', kind: 'longText', personal: 'none', wide: true },
    { name: 'description', kind: 'richText', personal: 'none', wide: true },
    { name: 'status', kind: 'status', personal: 'none', default: 1, list: true },
  ],
} as const satisfies ResourceDescriptor;

export default ot;
