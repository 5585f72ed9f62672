import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Spanish labels of "advice". */
export default {
  name: 'Consejo |||| Consejos',
  menu: 'Consejos',
  fields: {
    ...publishingLabels.es,
    title: 'Título',
    description: 'Descripción',
    logo: 'Logotipo',
    status: 'Estado',
  },
} satisfies ResourceLabels;
