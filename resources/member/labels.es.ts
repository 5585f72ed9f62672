import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Spanish labels of "member". */
export default {
  name: 'Afiliación |||| Afiliaciones',
  menu: 'Afiliaciones',
  fields: {
    ...publishingLabels.es,
    logo: 'Logotipo',
    title: 'Título',
    url: 'URL',
    status: 'Estado',
  },
} satisfies ResourceLabels;
