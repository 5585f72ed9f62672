import type { ResourceLabels } from '../labels';

/** Spanish labels of "advice". */
export default {
  name: 'Consejo |||| Consejos',
  fields: { title: 'Título', description: 'Descripción', logo: 'Logotipo', status: 'Estado' },
} satisfies ResourceLabels;
