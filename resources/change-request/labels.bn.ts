import type { ResourceLabels } from '../labels';

/** Bengali labels of "change-request". */
export default {
  name: 'পরিবর্তনের অনুরোধ |||| পরিবর্তনের অনুরোধসমূহ',
  menu: 'পরিবর্তনের অনুরোধ',
  choices: {
    change_request_state: { pending: 'অপেক্ষমাণ', approved: 'অনুমোদিত', rejected: 'প্রত্যাখ্যাত', stale: 'পুরনো' },
    change_request_action: { create: 'তৈরি', update: 'হালনাগাদ', delete: 'মুছে ফেলা' },
    change_request_mode: { review: 'পর্যালোচনা', 'four-eyes': 'চার চোখ' },
  },
  fields: {
    change_request_resource: 'রিসোর্স',
    change_request_record: 'রেকর্ড',
    change_request_action: 'কাজ',
    change_request_body: 'চাওয়া পরিবর্তন',
    change_request_base_version: 'ভিত্তি সংস্করণ',
    change_request_author: 'লেখক',
    change_request_author_name: 'লেখক',
    change_request_state: 'অবস্থা',
    change_request_mode: 'ধরন',
    change_request_needed: 'প্রয়োজনীয় অনুমোদন',
    change_request_approvals: 'সিদ্ধান্ত',
    change_request_why: 'কারণ',
    change_request_decided_at: 'সিদ্ধান্তের সময়',
    change_request_status: 'খোলা',
  },
} satisfies ResourceLabels;
