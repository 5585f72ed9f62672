import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Spanish labels of "education". */
export default {
  name: 'Formación |||| Formación',
  menu: 'Formación',
  fields: {
    ...publishingLabels.es,
    logo: 'Logotipo',
    title: 'Título',
    institute: 'Institución',
    description: 'Descripción',
    status: 'Estado',
  },
} satisfies ResourceLabels;
