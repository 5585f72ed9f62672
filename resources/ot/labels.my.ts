import type { ResourceLabels } from '../labels';

/** Burmese labels of "ot" and of its menu group. */
export default {
  name: 'ခွဲစိတ်ခန်း |||| ခွဲစိတ်ခန်းများ',
  menu: 'ခွဲစိတ်ခန်းများ',
  fields: {
    picture: 'ပုံ',
    title: 'ခေါင်းစဉ်',
    short_description: 'အကျဉ်းချုပ် ဖော်ပြချက်',
    description: 'ဖော်ပြချက်',
    status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;

/** The "services" menu group's name. */
export const menuGroup = 'ဝန်ဆောင်မှုများ';
