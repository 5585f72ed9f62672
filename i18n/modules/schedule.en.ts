/** Scheduled publishing (issue 48): the audit log's names of its actions and a record's publication state. */
export default {
  audit: { actions: { publish: 'Published', expire: 'Expired' } },
  schedule: { state: { label: 'Publication', scheduled: 'Scheduled', live: 'Live', expired: 'Expired' } },
};
