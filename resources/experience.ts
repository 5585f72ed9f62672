import type { ResourceDescriptor } from './types';

export const experience = {
  name: 'experience',
  api: { prefix: 'experience', body: 'multipart' },
  table: 'experience',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'website', icon: 'WorkHistory', aliases: ['/experiences'], position: 52 },
  dialog: 'md',
  // The spec's dialog order; the list shows the picture first.
  formOrder: ['title', 'description', 'logo', 'status'],
  fields: [
    { name: 'logo', kind: 'image', list: true, thumbnail: [80, 80] },
    { name: 'title', kind: 'text', required: true, list: true, search: true },
    { name: 'description', kind: 'longText', list: true, search: true, wide: true },
    { name: 'status', kind: 'status', default: 1, list: true },
  ],
  seed: [
    {
      title: 'Senior Consultant, Cardiology',
      description: 'Green Life Medical Hospital, Dhaka (2020 - present). Leads the interventional cardiology team.',
      logo: 'Green Life',
    },
    {
      title: 'Associate Professor of Cardiology',
      description: 'National Institute of Cardiovascular Diseases (NICVD), Dhaka (2014 - 2020).',
      logo: 'NICVD',
    },
    { title: 'Registrar, Department of Medicine', description: 'Dhaka Medical College Hospital (2009 - 2014).', logo: 'DMCH' },
    { title: 'Medical Officer', description: 'Upazila Health Complex, Savar (2006 - 2009).', logo: 'UHC Savar', status: 0 },
  ],
} as const satisfies ResourceDescriptor;
