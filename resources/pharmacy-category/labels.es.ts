import type { ResourceLabels } from '../labels';

/** Spanish labels of "pharmacy-category" and of its menu group. */
export default {
  name: 'Categoría de farmacia |||| Categorías de farmacia',
  menu: 'Categorías de farmacia',
  fields: {
    pharmacy_category_code: 'Código',
    pharmacy_category_name: 'Nombre',
    pharmacy_category_status: 'Estado',
  },
} satisfies ResourceLabels;

/** The "pharmacy" menu group's name. */
export const menuGroup = 'Farmacia';
