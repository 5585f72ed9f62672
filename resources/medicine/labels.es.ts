import type { ResourceLabels } from '../labels';

/** Spanish labels of "medicine". */
export default {
  name: 'Medicamento |||| Medicamentos',
  menu: 'Medicamentos',
  fields: {
    medicine_picture: 'Foto',
    medicine_code: 'Código del medicamento',
    medicine_name: 'Nombre',
    medicine_category: 'Categoría',
    medicine_purchase_price: 'Precio de compra',
    medicine_sales_price: 'Precio de venta',
    medicine_sales_profit: 'Beneficio de venta',
    medicine_description: 'Descripción',
    medicine_status: 'Estado',
  },
} satisfies ResourceLabels;
