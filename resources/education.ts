import type { ResourceDescriptor } from './types';

export const education = {
  name: 'education',
  api: { prefix: 'education', body: 'multipart' },
  table: 'education',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'website', icon: 'School', aliases: ['/educations'], position: 54 },
  dialog: 'md',
  // The spec's dialog order; the list shows the picture first.
  formOrder: ['title', 'institute', 'description', 'logo', 'status'],
  fields: [
    { name: 'logo', kind: 'image', list: true, thumbnail: [80, 80] },
    { name: 'title', kind: 'text', required: true, list: true, search: true },
    { name: 'institute', kind: 'text', required: true, list: true, search: true },
    { name: 'description', kind: 'longText', wide: true },
    { name: 'status', kind: 'status', default: 1, list: true },
  ],
  seed: [
    {
      title: 'MBBS',
      institute: 'Dhaka Medical College',
      description: 'Bachelor of Medicine and Bachelor of Surgery, University of Dhaka, 2005.',
      logo: 'DMC',
    },
    {
      title: 'FCPS (Medicine)',
      institute: 'Bangladesh College of Physicians and Surgeons',
      description: 'Fellowship in Internal Medicine, 2011.',
      logo: 'BCPS',
    },
    {
      title: 'MD (Cardiology)',
      institute: 'Bangabandhu Sheikh Mujib Medical University',
      description: 'Doctor of Medicine in Cardiology, 2014.',
      logo: 'BSMMU',
    },
    { title: 'Fellowship in Interventional Cardiology', institute: 'National Heart Centre Singapore', logo: 'NHCS', status: 0 },
  ],
} as const satisfies ResourceDescriptor;
