import type { ResourceLabels } from '../labels';

/** Bangla labels of "legal-hold". */
export default {
  name: 'আইনি স্থগিতাদেশ |||| আইনি স্থগিতাদেশসমূহ',
  menu: 'আইনি স্থগিতাদেশ',
  choices: {
    hold_resource: {
      users: 'কর্মী অ্যাকাউন্ট',
      doctors: 'ডাক্তার',
      member: 'সদস্য',
      donation: 'দাতা',
    },
  },
  fields: {
    hold_resource: 'ব্যক্তির ধরন',
    hold_record: 'রেকর্ড আইডি',
    hold_reason: 'কারণ',
    hold_status: 'অবস্থা',
  },
} satisfies ResourceLabels;
