/** The access words the navigation needs before the access screens load: a permission that is no screen, named by its resource and action (English). */
export default {
  access: {
    tree: {
      // A resource's permission that is no screen (its create, edit, ...): 'Medicines: create'.
      action_entry: '%{resource}: %{action}',
      actions: { list: 'list', get: 'view', create: 'create', update: 'edit', delete: 'delete' },
    },
  },
};
