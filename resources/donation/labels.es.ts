import type { ResourceLabels } from '../labels';

/** Spanish labels of "donation". */
export default {
  name: 'Donación |||| Donaciones',
  menu: 'Donaciones',
  fields: { thumbnail: 'Miniatura', title: 'Título', description: 'Descripción', status: 'Estado' },
} satisfies ResourceLabels;
