/** The access words the navigation needs before the access screens load: a permission that is no screen, named by its resource and action (Bengali). */
export default {
  access: {
    tree: {
      // A resource's permission that is no screen (its create, edit, ...): 'Medicines: create'.
      action_entry: '%{resource}: %{action}',
      actions: { list: 'তালিকা', get: 'দেখা', create: 'তৈরি', update: 'সম্পাদনা', delete: 'মুছে ফেলা' },
    },
  },
};
