import type { ResourceDescriptor } from './types';

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
    { name: 'picture', kind: 'image', list: true, thumbnail: [100, 52], formThumbnail: [200, 102] },
    { name: 'title', kind: 'text', required: true, list: true, search: true },
    { name: 'short_description', kind: 'longText', wide: true },
    { name: 'description', kind: 'richText', wide: true },
    { name: 'status', kind: 'status', default: 1, list: true },
  ],
  seed: [
    {
      title: 'Modular Cardiac Operation Theatre',
      picture: 'Cardiac OT',
      short_description: 'Laminar air-flow theatre for open-heart and bypass surgery.',
      description:
        '<p>HEPA-filtered laminar air flow, heart-lung machine and intra-aortic balloon pump. <strong>Open 24/7</strong> for emergency cardiac surgery.</p>',
    },
    {
      title: 'Ophthalmic Micro-surgery Theatre',
      picture: 'Eye OT',
      short_description: 'Phaco cataract, glaucoma and retina surgery.',
      description: '<p>Equipped with a Zeiss operating microscope and phacoemulsification system.</p>',
    },
    {
      title: 'General & Laparoscopic Surgery Theatre',
      picture: 'Laparoscopic OT',
      short_description: 'Keyhole surgery for gallbladder, appendix and hernia.',
      description: '<p>Full HD laparoscopic tower with day-care discharge for most procedures.</p>',
    },
    {
      title: 'Obstetric Theatre',
      picture: 'Obstetric OT',
      short_description: 'Caesarean section and emergency obstetric care.',
      description: '<p>Adjacent to the labour ward and the neonatal intensive care unit.</p>',
      status: 0,
    },
  ],
} as const satisfies ResourceDescriptor;
