import type { ResourceLabels } from '../labels';

/** English labels of "medicine". */
export default {
  name: 'Medicine |||| Medicines',
  menu: 'Medicines',
  fields: {
    medicine_picture: 'Picture',
    medicine_code: 'Medicine Code',
    medicine_name: 'Name',
    medicine_category: 'Category',
    medicine_purchase_price: 'Purchase Price',
    medicine_sales_price: 'Sales Price',
    medicine_sales_profit: 'Sales Profit',
    medicine_description: 'Description',
    medicine_status: 'Status',
  },
} satisfies ResourceLabels;
