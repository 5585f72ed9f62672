import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Spanish labels of "chamber". */
export default {
  name: 'Consultorio |||| Consultorios',
  menu: 'Consultorios',
  fields: {
    ...publishingLabels.es,
    title: 'Título',
    description: 'Descripción',
    logo: 'Logotipo',
    status: 'Estado',
  },
} satisfies ResourceLabels;
