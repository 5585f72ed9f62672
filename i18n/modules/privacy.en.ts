/** The privacy module's words (issue 49): the subject access button on a person's row, its menu entries (English). */
export default {
  privacy: {
    subject_access: {
      button: 'Export their data (subject access)',
      done: 'Data of %{name} exported',
    },
  },
  menus: {
    privacy: 'Privacy',
    'privacy/subject-access': 'Subject Access Export',
  },
};
