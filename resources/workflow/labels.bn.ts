import type { ResourceLabels } from '../labels';

/** Bengali labels of "workflow". */
export default {
  name: 'অনুমোদন প্রবাহ |||| অনুমোদন প্রবাহসমূহ',
  menu: 'অনুমোদন প্রবাহ',
  choices: { workflow_mode: { none: 'নেই', review: 'পর্যালোচনা', 'four-eyes': 'চার চোখ' } },
  fields: {
    workflow_resource: 'রিসোর্স',
    workflow_mode: 'ধরন',
    workflow_groups: 'অনুমোদনকারী গ্রুপ',
    workflow_status: 'অবস্থা',
  },
} satisfies ResourceLabels;
