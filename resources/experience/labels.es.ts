import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Spanish labels of "experience". */
export default {
  name: 'Experiencia |||| Experiencias',
  menu: 'Experiencia',
  fields: {
    ...publishingLabels.es,
    logo: 'Logotipo',
    title: 'Título',
    description: 'Descripción',
    status: 'Estado',
  },
} satisfies ResourceLabels;
