import type { ResourceLabels } from '../labels';

/** Bangla labels of "retention". */
export default {
  name: 'সংরক্ষণকাল |||| সংরক্ষণকাল',
  menu: 'তথ্য সংরক্ষণকাল',
  fields: {
    retention_audit_days: 'অডিট এন্ট্রি রাখুন (দিন)',
    retention_sign_in_days: 'সাইন-ইন ইতিহাস রাখুন (দিন)',
    retention_deleted_days: 'মুছে ফেলা রেকর্ড পুনরুদ্ধারের জন্য রাখুন (দিন)',
  },
} satisfies ResourceLabels;
