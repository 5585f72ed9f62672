import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Burmese labels of "doctors" and of its menu group. */
export default {
  name: 'ဆရာဝန် |||| ဆရာဝန်များ',
  menu: 'ဆရာဝန်များ',
  fields: {
    ...publishingLabels.my,
    picture: 'ဓာတ်ပုံ',
    name: 'အမည်',
    title: 'ဘွဲ့အမည်',
    doctor_department: 'ဌာန',
    short_description: 'အကျဉ်းချုပ် ဖော်ပြချက်',
    description: 'ဖော်ပြချက်',
    degrees: 'ဘွဲ့များ',
    degree_name: 'ဘွဲ့',
    institiute: 'တက္ကသိုလ်/ကျောင်း',
    experience: 'လုပ်ငန်းအတွေ့အကြုံ',
    designation: 'ရာထူး',
    organigation: 'အဖွဲ့အစည်း',
    durations: 'ကာလ',
    appointment: 'ချိန်းဆိုချိန်',
    days: 'ရက်များ',
    times: 'အချိန်များ',
    contact: 'ဆက်သွယ်ရန်',
    phone: 'ဖုန်း',
    email: 'အီးမေးလ်',
    status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;

/** The "doctors" menu group's name. */
export const menuGroup = 'ဆရာဝန်များ';
