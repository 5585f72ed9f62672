import type { ResourceLabels } from '../labels';

/** Spanish labels of "ot" and of its menu group. */
export default {
  name: 'Quirófano |||| Quirófanos',
  menu: 'Quirófanos',
  fields: {
    picture: 'Imagen',
    title: 'Título',
    short_description: 'Descripción breve',
    description: 'Descripción',
    status: 'Estado',
  },
} satisfies ResourceLabels;

/** The "services" menu group's name. */
export const menuGroup = 'Servicios';
