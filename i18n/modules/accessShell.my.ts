/** The access words the navigation needs before the access screens load: a permission that is no screen, named by its resource and action (Burmese). */
export default {
  access: {
    tree: {
      // A resource's permission that is no screen (its create, edit, ...): 'Medicines: create'.
      action_entry: '%{resource}: %{action}',
      actions: { list: 'စာရင်း', get: 'ကြည့်ရန်', create: 'ဖန်တီးရန်', update: 'ပြင်ဆင်ရန်', delete: 'ဖျက်ရန်' },
    },
  },
};
