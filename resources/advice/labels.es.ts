import type { ResourceLabels } from '../labels';

/** Spanish labels of "advice". */
export default {
  name: 'Consejo |||| Consejos',
  menu: 'Consejos',
  fields: { title: 'Título', description: 'Descripción', logo: 'Logotipo', status: 'Estado' },
} satisfies ResourceLabels;
