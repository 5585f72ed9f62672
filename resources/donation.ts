import type { ResourceDescriptor } from './types';

export const donation = {
  name: 'donation',
  api: { prefix: 'donation', body: 'multipart' },
  table: 'donation',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'website', icon: 'VolunteerActivism', aliases: ['/donations'], position: 58 },
  dialog: 'md',
  // The spec's dialog order; the list shows the picture first.
  formOrder: ['title', 'description', 'thumbnail', 'status'],
  fields: [
    { name: 'thumbnail', kind: 'image', list: true, thumbnail: [120, 80] },
    { name: 'title', kind: 'text', required: true, list: true, search: true },
    { name: 'description', kind: 'longText', wide: true },
    { name: 'status', kind: 'status', default: 1, list: true },
  ],
  seed: [
    {
      title: 'Free cataract surgery for 100 elderly patients',
      description: 'Your donation of Tk 8,000 covers one cataract operation, lens and follow-up care for a patient in need.',
      thumbnail: 'Cataract surgery',
    },
    {
      title: "Children's heart surgery fund",
      description: 'Helping families who cannot afford surgery for congenital heart disease.',
      thumbnail: 'Child heart care',
    },
    {
      title: 'Flood relief medical camps in Sylhet',
      description: 'Medicines, oral saline and doctors for families affected by the floods.',
      thumbnail: 'Flood relief',
    },
    {
      title: 'Winter blanket drive 2023',
      description: "Blankets and warm clothes distributed to patients' families in the hospital.",
      thumbnail: 'Blanket drive',
      status: 0,
    },
  ],
} as const satisfies ResourceDescriptor;
