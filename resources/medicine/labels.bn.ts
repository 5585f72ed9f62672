import type { ResourceLabels } from '../labels';

/** Bangla labels of "medicine". */
export default {
  name: 'ওষুধ |||| ওষুধসমূহ',
  menu: 'ওষুধসমূহ',
  fields: {
    medicine_picture: 'ছবি',
    medicine_code: 'ওষুধের কোড',
    medicine_name: 'নাম',
    medicine_category: 'শ্রেণি',
    medicine_purchase_price: 'ক্রয়মূল্য',
    medicine_sales_price: 'বিক্রয়মূল্য',
    medicine_sales_profit: 'বিক্রয়ে লাভ',
    medicine_description: 'বিবরণ',
    medicine_status: 'অবস্থা',
  },
} satisfies ResourceLabels;
