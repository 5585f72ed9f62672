import type { ResourceLabels } from '../labels';

/** Spanish labels of "optics-category" and of its menu group. */
export default {
  name: 'Categoría de óptica |||| Categorías de óptica',
  menu: 'Categorías de óptica',
  fields: {
    optics_category_code: 'Código',
    optics_category_name: 'Nombre',
    optics_category_status: 'Estado',
  },
} satisfies ResourceLabels;

/** The "optics" menu group's name. */
export const menuGroup = 'Óptica';
