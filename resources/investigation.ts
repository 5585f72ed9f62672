import type { ResourceDescriptor } from './types';

export const investigation = {
  name: 'investigation',
  api: { prefix: 'investigation', body: 'multipart' },
  table: 'investigation',
  idField: 'id',
  statusField: 'status',
  titleField: 'title',
  menu: { group: 'services', icon: 'Biotech', position: 41 },
  dialog: 'md',
  // The spec's dialog order; the list shows the picture first.
  formOrder: ['title', 'short_description', 'description', 'picture', 'status'],
  fields: [
    { name: 'picture', kind: 'image', list: true, thumbnail: [100, 52], formThumbnail: [200, 102] },
    { name: 'title', kind: 'text', required: true, list: true, search: true },
    { name: 'short_description', kind: 'longText', wide: true },
    { name: 'description', kind: 'richText', wide: true },
    { name: 'status', kind: 'status', default: 1, list: true },
  ],
  seed: [
    {
      title: '3 Tesla MRI', picture: 'MRI scanner',
      short_description: 'Brain, spine and joint imaging with a wide-bore 3T scanner.',
      description: '<p>Reports within 24 hours. Please bring previous reports and remove all metal objects.</p>',
    },
    {
      title: '128-slice CT Scan', picture: 'CT scanner',
      short_description: 'CT angiogram, chest and abdominal scans.',
      description: '<p>Low-dose protocols; <strong>serum creatinine</strong> is required before contrast studies.</p>',
    },
    {
      title: 'Echocardiography & ETT', picture: 'Echo room',
      short_description: 'Colour Doppler echo and exercise tolerance test.',
      description: '<p>Performed by consultant cardiologists, Saturday to Thursday.</p>',
    },
    {
      title: 'Pathology & Biochemistry', picture: 'Pathology lab',
      short_description: 'Blood, urine and hormone tests with same-day reports.',
      description: '<p>Sample collection from 7:00 AM; home collection available in Dhaka city.</p>', status: 0,
    },
  ],
} as const satisfies ResourceDescriptor;
