import type { ResourceLabels } from '../labels';

/** Burmese labels of "investigation". */
export default {
  name: 'ရောဂါရှာဖွေ စစ်ဆေးမှု |||| ရောဂါရှာဖွေ စစ်ဆေးမှုများ',
  menu: 'ရောဂါရှာဖွေ စစ်ဆေးမှုများ',
  fields: {
    picture: 'ပုံ',
    title: 'ခေါင်းစဉ်',
    short_description: 'အကျဉ်းချုပ် ဖော်ပြချက်',
    description: 'ဖော်ပြချက်',
    status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;
