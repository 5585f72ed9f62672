import type { ResourceDescriptor } from './types';

export const member = {
  name: 'member',
  api: { prefix: 'member', body: 'multipart' },
  table: 'member',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'website', icon: 'Groups', aliases: ['/members'], position: 53 },
  dialog: 'md',
  // The spec's dialog order; the list shows the picture first.
  formOrder: ['title', 'url', 'logo', 'status'],
  fields: [
    { name: 'logo', kind: 'image', list: true, thumbnail: [80, 80] },
    { name: 'title', kind: 'text', required: true, list: true, search: true },
    { name: 'url', kind: 'url', list: true },
    { name: 'status', kind: 'status', default: 1, list: true },
  ],
  seed: [
    { title: 'Bangladesh Medical Association', url: 'https://bma.org.bd', logo: 'BMA' },
    { title: 'Bangladesh Cardiac Society', url: 'https://bcs.org.bd', logo: 'BCS' },
    { title: 'Bangladesh College of Physicians and Surgeons', url: 'https://bcps.edu.bd', logo: 'BCPS' },
    { title: 'Asia Pacific Society of Cardiology', url: 'https://www.apscardio.org', logo: 'APSC', status: 0 },
  ],
} as const satisfies ResourceDescriptor;
