import type { ResourceDescriptor } from './types';

export const advice = {
  name: 'advice',
  api: { prefix: 'advice', body: 'multipart' },
  table: 'advice',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'website', icon: 'TipsAndUpdates', aliases: ['/advices'], position: 55 },
  dialog: 'md',
  fields: [
    { name: 'title', kind: 'text', required: true, list: true, search: true },
    { name: 'description', kind: 'longText', list: true, search: true, wide: true },
    { name: 'logo', kind: 'image', formHidden: true },
    { name: 'status', kind: 'status', default: 1, list: true },
  ],
  seed: [
    {
      title: 'Keep your blood pressure in check',
      description: 'Measure your blood pressure at least once a month, cut down on salt and walk for 30 minutes a day.',
    },
    {
      title: 'Drink safe water',
      description: 'Boil or filter drinking water, especially during the monsoon, to avoid diarrhoea and typhoid.',
    },
    {
      title: 'Protect yourself from dengue',
      description: 'Remove standing water around your home every three days and use mosquito nets while sleeping.',
    },
    {
      title: 'Do not stop medicines on your own',
      description: 'Always consult your doctor before stopping blood pressure, diabetes or heart medicines.',
      status: 0,
    },
  ],
} as const satisfies ResourceDescriptor;
