import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Burmese labels of "about" and of its menu group. */
export default {
  name: 'ကျွန်ုပ်တို့အကြောင်း |||| ကျွန်ုပ်တို့အကြောင်း',
  menu: 'ဆေးရုံအကြောင်း',
  fields: {
    ...publishingLabels.my,
    title: 'ခေါင်းစဉ်',
    sub_title: 'ခေါင်းစဉ်ခွဲ',
    description: 'ဖော်ပြချက်',
    short_description: 'အကျဉ်းချုပ် ဖော်ပြချက်',
    description_quote: 'ကိုးကားချက်',
    why_choose_us: 'ကျွန်ုပ်တို့ကို ဘာကြောင့် ရွေးသင့်သလဲ',
    appointment_phone: 'ချိန်းဆိုရန် ဖုန်း',
    others_phone: 'အခြား ဖုန်း',
    appointment_email: 'ချိန်းဆိုရန် အီးမေးလ်',
    others_email: 'အခြား အီးမေးလ်',
    address: 'လိပ်စာ',
    about_video: 'မိတ်ဆက် ဗီဒီယို',
    facebook_link: 'Facebook လင့်ခ်',
    twitter_link: 'Twitter လင့်ခ်',
    linkedin_link: 'LinkedIn လင့်ခ်',
    youtube_link: 'YouTube လင့်ခ်',
    logo: 'လိုဂို',
    logo_icon: 'လိုဂို အိုင်ကွန်',
    picture_1: 'ပုံ ၁',
    picture_2: 'ပုံ ၂',
  },
} satisfies ResourceLabels;

/** The "website" menu group's name. */
export const menuGroup = 'ဝက်ဘ်ဆိုက်';
