import type { ResourceLabels } from '../labels';

/** Burmese labels of "experience". */
export default {
  name: 'အတွေ့အကြုံ |||| အတွေ့အကြုံများ',
  menu: 'အတွေ့အကြုံများ',
  fields: { logo: 'လိုဂို', title: 'ခေါင်းစဉ်', description: 'ဖော်ပြချက်', status: 'အခြေအနေ' },
} satisfies ResourceLabels;
