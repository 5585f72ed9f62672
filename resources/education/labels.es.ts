import type { ResourceLabels } from '../labels';

/** Spanish labels of "education". */
export default {
  name: 'Formación |||| Formación',
  menu: 'Formación',
  fields: { logo: 'Logotipo', title: 'Título', institute: 'Institución', description: 'Descripción', status: 'Estado' },
} satisfies ResourceLabels;
