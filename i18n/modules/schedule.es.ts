/** Scheduled publishing (issue 48): the audit log's names of its actions and a record's publication state. */
export default {
  audit: { actions: { publish: 'Publicado', expire: 'Caducado' } },
  schedule: { state: { label: 'Publicación', scheduled: 'Programado', live: 'Publicado', expired: 'Caducado' } },
};
