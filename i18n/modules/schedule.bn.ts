/** Scheduled publishing (issue 48): the audit log's names of its actions and a record's publication state. */
export default {
  audit: { actions: { publish: 'প্রকাশিত', expire: 'মেয়াদোত্তীর্ণ' } },
  schedule: { state: { label: 'প্রকাশনা', scheduled: 'নির্ধারিত', live: 'প্রকাশিত', expired: 'মেয়াদোত্তীর্ণ' } },
};
