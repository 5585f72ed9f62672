import type { ResourceLabels } from '../labels';

/** Spanish labels of "chamber". */
export default {
  name: 'Consultorio |||| Consultorios',
  menu: 'Consultorios',
  fields: { title: 'Título', description: 'Descripción', logo: 'Logotipo', status: 'Estado' },
} satisfies ResourceLabels;
