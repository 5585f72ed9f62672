import type { ResourceLabels } from '../labels';

/** Burmese labels of "retention". */
export default {
  name: 'သိမ်းဆည်းကာလ |||| သိမ်းဆည်းကာလများ',
  menu: 'ဒေတာ သိမ်းဆည်းကာလ',
  fields: {
    retention_audit_days: 'စာရင်းစစ်မှတ်တမ်းများ သိမ်းရန် (ရက်)',
    retention_sign_in_days: 'ဝင်ရောက်မှုမှတ်တမ်း သိမ်းရန် (ရက်)',
    retention_deleted_days: 'ဖျက်ထားသော မှတ်တမ်းများ ပြန်ယူရန် သိမ်းရန် (ရက်)',
  },
} satisfies ResourceLabels;
