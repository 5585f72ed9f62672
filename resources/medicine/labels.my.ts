import type { ResourceLabels } from '../labels';

/** Burmese labels of "medicine". */
export default {
  name: 'ဆေးဝါး |||| ဆေးဝါးများ',
  menu: 'ဆေးဝါးများ',
  fields: {
    medicine_picture: 'ဓာတ်ပုံ',
    medicine_code: 'ဆေး ကုဒ်',
    medicine_name: 'အမည်',
    medicine_category: 'အမျိုးအစား',
    medicine_purchase_price: 'ဝယ်ဈေး',
    medicine_sales_price: 'ရောင်းဈေး',
    medicine_sales_profit: 'ရောင်းအမြတ်',
    medicine_description: 'ဖော်ပြချက်',
    medicine_status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;
