import type { ResourceLabels } from '../labels';

/** Spanish labels of "member". */
export default {
  name: 'Afiliación |||| Afiliaciones',
  menu: 'Afiliaciones',
  fields: { logo: 'Logotipo', title: 'Título', url: 'URL', status: 'Estado' },
} satisfies ResourceLabels;
