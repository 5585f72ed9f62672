import type { ResourceLabels } from '../labels';

/** Spanish labels of "experience". */
export default {
  name: 'Experiencia |||| Experiencias',
  menu: 'Experiencia',
  fields: { logo: 'Logotipo', title: 'Título', description: 'Descripción', status: 'Estado' },
} satisfies ResourceLabels;
