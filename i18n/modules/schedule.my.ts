/** Scheduled publishing (issue 48): the audit log's names of its actions and a record's publication state. */
export default {
  audit: { actions: { publish: 'ထုတ်ပြန်ပြီး', expire: 'သက်တမ်းကုန်ပြီး' } },
  schedule: { state: { label: 'ထုတ်ပြန်မှု', scheduled: 'စီစဉ်ထားသည်', live: 'ထုတ်ပြန်ထားသည်', expired: 'သက်တမ်းကုန်ပြီး' } },
};
