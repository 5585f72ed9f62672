import type { ResourceLabels } from '../labels';
import { publishingLabels } from '../publishing';

/** Burmese labels of "blog-photos". */
export default {
  name: 'ဘလော့ဂ် ဓာတ်ပုံ |||| ဘလော့ဂ် ဓာတ်ပုံများ',
  menu: 'ဘလော့ဂ် ဓာတ်ပုံများ',
  choices: { type: { Slider: 'ဆလိုက်ဒါ', Campaign: 'လှုံ့ဆော်ရေး' } },
  fields: {
    ...publishingLabels.my,
    thumbnail: 'ပုံ',
    title: 'ခေါင်းစဉ်',
    description: 'ဖော်ပြချက်',
    type: 'အမျိုးအစား',
    status: 'အခြေအနေ',
  },
} satisfies ResourceLabels;
