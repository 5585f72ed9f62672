import type { ResourceLabels } from '../labels';

/** Burmese labels of "donation". */
export default {
  name: 'လှူဒါန်းမှု |||| လှူဒါန်းမှုများ',
  menu: 'လှူဒါန်းမှုများ',
  fields: { thumbnail: 'နမူနာပုံ', title: 'ခေါင်းစဉ်', description: 'ဖော်ပြချက်', status: 'အခြေအနေ' },
} satisfies ResourceLabels;
