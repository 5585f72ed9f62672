/** The privacy module's words (issue 49): the subject access and erase buttons on a person's row, its menu entries (English). */
export default {
  privacy: {
    subject_access: {
      button: 'Export their data (subject access)',
      done: 'Data of %{name} exported',
    },
    erase: {
      button: 'Erase this person',
      title: 'Erase %{name}?',
      body: 'Their personal fields are replaced, their pictures deleted and their sessions ended; the trail keeps its entries, but their personal values in it can no longer be read. This cannot be undone, not even by restore or undelete.',
      type_name: 'Type %{name} to confirm',
      confirm: 'Erase',
      done: '%{name} erased',
    },
  },
  menus: {
    privacy: 'Privacy',
    'privacy/subject-access': 'Subject Access Export',
    'privacy/erase': 'Erase a Person',
  },
};
